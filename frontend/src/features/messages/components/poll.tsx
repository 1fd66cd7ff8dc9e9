import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CalendarDays, Check, UtensilsCrossed } from 'lucide-react';
import { toast } from 'sonner';
import { LIMITS } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useCurrentUser } from '@/features/auth';
import { useSavedRestaurants } from '@/features/reviews';
import { cn } from '@/lib/cn';
import { useCreatePoll, usePoll, useVotePoll } from '../api/polls';
import { partnerName, type ChatPartner } from '../types';

/** The reservation dialog of the restaurant page opens from this address. */
export const reservationLink = (restaurantId: number) => `/restaurant/${restaurantId}?reserve=1`;

/**
 * "Let's eat": propose up to four of my saved places to the other person of the conversation.
 * The thread then shows the poll; their vote picks the place.
 */
export function PollLauncher({ partner }: { partner: ChatPartner }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label="Let's eat"
        title="Let's eat"
        onClick={() => setOpen(true)}
      >
        <UtensilsCrossed aria-hidden="true" />
      </button>
      {open ? <ProposeDialog partner={partner} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ProposeDialog({ partner, onClose }: { partner: ChatPartner; onClose: () => void }) {
  const { data: me } = useCurrentUser();
  const saved = useSavedRestaurants(me?.id ?? 0, Boolean(me));
  const create = useCreatePoll();
  const [chosen, setChosen] = useState<number[]>([]);
  const full = chosen.length >= LIMITS.pollOptionsMax;
  const places = saved.data ?? [];

  const toggle = (restaurantId: number) =>
    setChosen((current) =>
      current.includes(restaurantId)
        ? current.filter((id) => id !== restaurantId)
        : [...current, restaurantId],
    );
  const propose = () => {
    const options = chosen.flatMap((restaurantId) => {
      const place = places.find((entry) => entry.restaurantId === restaurantId);
      return place ? [{ restaurantId, restaurantName: place.restaurant.name }] : [];
    });
    create.mutate(
      { receiverId: partner.id, options },
      {
        onSuccess: () => {
          toast.success('Poll sent', { description: `${partnerName(partner)} picks the place.` });
          onClose();
        },
        onError: (error) => toast.error('Could not start the poll', { description: error.message }),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Let's eat"
      description={`Propose up to ${LIMITS.pollOptionsMax} of your saved places; ${partnerName(partner)} picks one.`}
      size="sm"
      dismissible={!create.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button onClick={propose} disabled={chosen.length === 0} loading={create.isPending}>
            Propose
          </Button>
        </>
      }
    >
      {saved.isPending ? (
        <LoadingState compact label="Loading your saved places" />
      ) : saved.isError ? (
        <ErrorState
          compact
          title="Couldn't load your saved places"
          message={saved.error.message}
          onRetry={() => void saved.refetch()}
          retrying={saved.isFetching}
        />
      ) : places.length === 0 ? (
        <p className="poll-empty">Save restaurants first: the places you save can be proposed here.</p>
      ) : (
        <fieldset className="poll-choices">
          <legend className="sr-only">Saved places</legend>
          <p className="poll-choices__count" aria-live="polite">
            {chosen.length} of {LIMITS.pollOptionsMax} chosen
          </p>
          <ul>
            {places.map((place) => {
              const checked = chosen.includes(place.restaurantId);
              return (
                <li key={place.restaurantId}>
                  <label className="share-person">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={() => toggle(place.restaurantId)}
                    />
                    <span className="share-person__name">{place.restaurant.name}</span>
                    <span className="share-person__handle">{place.restaurant.address}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </Dialog>
  );
}

/** A poll inside its message: the options, the vote for the invited person, then the chosen place. */
export function PollCard({ pollId, meId }: { pollId: number; meId: number }) {
  const poll = usePoll(pollId, meId);
  const vote = useVotePoll();
  if (poll.isPending) return <p className="poll-card__note">Loading the poll…</p>;
  if (poll.isError) return <p className="poll-card__note">{poll.error.message}</p>;
  const { data } = poll;
  const voter = data.receiverId === meId && data.status === 'open';
  const chosen = data.options.find((option) => option.id === data.chosenOptionId);
  return (
    <div className="poll-card">
      <ul className="poll-card__options" aria-label="Proposed places">
        {data.options.map((option) => (
          <li
            key={option.id}
            className={cn('poll-option', option.id === data.chosenOptionId && 'poll-option--chosen')}
          >
            {option.id === data.chosenOptionId ? <Check aria-hidden="true" /> : null}
            <Link to={`/restaurant/${option.restaurantId}`}>{option.restaurantName}</Link>
            {voter ? (
              <Button
                size="sm"
                variant="secondary"
                loading={vote.isPending && vote.variables?.optionId === option.id}
                disabled={vote.isPending}
                aria-label={`Vote for ${option.restaurantName}`}
                onClick={() =>
                  vote.mutate(
                    { pollId: data.id, optionId: option.id },
                    { onError: (error) => toast.error('Could not vote', { description: error.message }) },
                  )
                }
              >
                Vote
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {chosen ? (
        <p className="poll-card__note">
          Chosen: <strong>{chosen.restaurantName}</strong> ·{' '}
          <Link to={reservationLink(chosen.restaurantId)}>
            <CalendarDays aria-hidden="true" className="poll-card__icon" /> Reserve a table
          </Link>
        </p>
      ) : data.status === 'open' && !voter ? (
        <p className="poll-card__note">Waiting for the vote</p>
      ) : null}
    </div>
  );
}

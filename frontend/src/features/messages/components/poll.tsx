import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CalendarDays, Check, UtensilsCrossed } from 'lucide-react';
import { toast } from 'sonner';
import { DISCOVERY_LIMITS, LIMITS } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCurrentUser } from '@/features/auth';
import { useRestaurantSearch } from '@/features/reviews';
import { useSavedRestaurants } from '@/features/reviews';
import { cn } from '@/lib/cn';
import { useCreatePoll, usePoll, useVotePoll } from '../api/polls';
import { partnerName, type ChatPartner } from '../types';
import { PickedChips, PickRow, PickSearch, usePicked } from './pick-list';

/** The reservation dialog of the restaurant page opens from this address. */
export const reservationLink = (restaurantId: number) => `/restaurant/${restaurantId}?reserve=1`;

/**
 * "Let's eat": propose up to four places (my saved ones, or found by a search) to the other person.
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

interface Place {
  restaurantId: number;
  restaurantName: string;
  address: string;
}

function ProposeDialog({ partner, onClose }: { partner: ChatPartner; onClose: () => void }) {
  const { data: me } = useCurrentUser();
  const saved = useSavedRestaurants(me?.id ?? 0, Boolean(me));
  const create = useCreatePoll();
  const { picked: chosen, isPicked: isChosen, toggle } = usePicked((place: Place) => place.restaurantId);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, 300);
  const searching = query.trim().length >= DISCOVERY_LIMITS.searchQueryMin;
  const found = useRestaurantSearch(searching ? query : '');
  const full = chosen.length >= LIMITS.pollOptionsMax;

  const places: Place[] = searching
    ? (found.data ?? []).map((place) => ({
        restaurantId: place.id,
        restaurantName: place.name,
        address: place.address,
      }))
    : (saved.data ?? []).map((place) => ({
        restaurantId: place.restaurantId,
        restaurantName: place.restaurant.name,
        address: place.restaurant.address,
      }));
  const source = searching ? found : saved;

  const propose = () =>
    create.mutate(
      {
        receiverId: partner.id,
        options: chosen.map(({ restaurantId, restaurantName }) => ({ restaurantId, restaurantName })),
      },
      {
        onSuccess: () => {
          toast.success('Poll sent', { description: `${partnerName(partner)} picks the place.` });
          onClose();
        },
        onError: (error) => toast.error('Could not start the poll', { description: error.message }),
      },
    );

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Let's eat"
      description={`Propose up to ${LIMITS.pollOptionsMax} places from your saved ones or a search; ${partnerName(partner)} picks one.`}
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
      <div className="poll-choices">
        <p className="poll-choices__count" aria-live="polite">
          {chosen.length} of {LIMITS.pollOptionsMax} chosen
        </p>
        <PickedChips
          items={chosen}
          label="Chosen places"
          keyOf={(place) => place.restaurantId}
          nameOf={(place) => place.restaurantName}
          onRemove={toggle}
        />
        <PickSearch
          value={search}
          onChange={setSearch}
          label="Search restaurants"
          placeholder="Search restaurants (or pick a saved one)"
          maxLength={DISCOVERY_LIMITS.searchQueryMax}
        />
        <h3 className="poll-choices__heading">{searching ? 'Search results' : 'Your saved places'}</h3>
        {source.isPending ? (
          <LoadingState compact label={searching ? 'Searching restaurants' : 'Loading your saved places'} />
        ) : source.isError ? (
          <ErrorState
            compact
            title={searching ? "Couldn't search restaurants" : "Couldn't load your saved places"}
            message={source.error.message}
            onRetry={() => void source.refetch()}
            retrying={source.isFetching}
          />
        ) : places.length === 0 ? (
          <p className="poll-empty">
            {searching
              ? `No restaurants found for "${query.trim()}"`
              : 'No saved places yet: search for a restaurant above.'}
          </p>
        ) : (
          <ul aria-label={searching ? 'Search results' : 'Your saved places'}>
            {places.map((place) => {
              const checked = isChosen(place.restaurantId);
              return (
                <li key={place.restaurantId}>
                  <PickRow
                    checked={checked}
                    disabled={!checked && full}
                    onToggle={() => toggle(place)}
                    name={place.restaurantName}
                    detail={place.address}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>
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

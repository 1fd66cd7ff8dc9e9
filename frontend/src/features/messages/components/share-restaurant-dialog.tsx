import { useMemo, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LIMITS, type FollowUserDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useCurrentUser } from '@/features/auth';
import { getFollowListQueryOptions } from '@/features/social';
import { newClientMessageId } from '../api/send-message';
import { useShareRestaurant } from '../api/share-restaurant';
import { PickedChips, PickRow, PickSearch, usePicked } from './pick-list';
import '../messages.css';

export interface SharedRestaurant {
  id: number;
  name: string;
}

interface ShareRestaurantDialogProps {
  restaurant: SharedRestaurant;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const displayName = (user: FollowUserDto) => user.name?.trim() || user.username;

/**
 * Spec 2's Share Restaurant dialog: an optional message (default "Let's go to {restaurant} soon!"),
 * a search among the people I follow with multi-select and chips, Cancel and Share. Each recipient
 * gets a structured restaurant_share message that links to the restaurant.
 */
export function ShareRestaurantDialog({ restaurant, open, onOpenChange }: ShareRestaurantDialogProps) {
  const { data: me } = useCurrentUser();
  const defaultText = `Let's go to ${restaurant.name} soon!`;
  const [text, setText] = useState(defaultText);
  const [search, setSearch] = useState('');
  const {
    picked: selected,
    setPicked: setSelected,
    isPicked: isSelected,
    toggle: togglePicked,
  } = usePicked((user: FollowUserDto) => user.id);
  const [missingRecipient, setMissingRecipient] = useState(false);
  // One idempotency key per recipient, kept while the dialog lives, so retrying a partly failed
  // share never stores a message twice.
  const keys = useRef(new Map<number, string>());
  const share = useShareRestaurant();
  const following = useInfiniteQuery({
    ...getFollowListQueryOptions('following', me?.id ?? 0),
    enabled: open && Boolean(me),
  });

  const people = useMemo(() => following.data?.pages.flat() ?? [], [following.data]);
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? people.filter(
        (user) => user.username.toLowerCase().includes(needle) || user.name?.toLowerCase().includes(needle),
      )
    : people;
  const toggle = (user: FollowUserDto) => {
    setMissingRecipient(false);
    togglePicked(user);
  };

  const close = () => {
    onOpenChange(false);
    setSelected([]);
    setSearch('');
    setText(defaultText);
    setMissingRecipient(false);
    keys.current.clear();
  };

  const submit = () => {
    if (!me) {
      toast.error('You need to be logged in');
      return;
    }
    if (selected.length === 0) {
      setMissingRecipient(true);
      return;
    }
    const recipients = selected.map((user) => {
      if (!keys.current.has(user.id)) keys.current.set(user.id, newClientMessageId());
      return { userId: user.id, clientMessageId: keys.current.get(user.id)! };
    });
    share.mutate(
      { restaurantId: restaurant.id, restaurantName: restaurant.name, content: text, recipients },
      {
        onSuccess: ({ sent, failed }) => {
          if (failed.length === 0) {
            toast.success('Restaurant shared!', {
              description: `Shared with ${sent.length} ${sent.length === 1 ? 'bud' : 'buds'}.`,
            });
            close();
            return;
          }
          // Keep only those it failed for selected, to try again.
          setSelected((current) =>
            current.filter((user) => failed.some((entry) => entry.userId === user.id)),
          );
          toast.error('Failed to share restaurant', {
            description:
              sent.length > 0
                ? `${failed[0].error.message} (sent to ${sent.length} of ${recipients.length})`
                : failed[0].error.message,
          });
        },
        onError: (error) => toast.error('Failed to share restaurant', { description: error.message }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Share Restaurant"
      description={`Send ${restaurant.name} to buds you follow.`}
      dismissible={!share.isPending}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={share.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={share.isPending}>
            Share
          </Button>
        </>
      }
    >
      <div className="share-dialog">
        <Field label="Message (optional)">
          <Textarea
            value={text}
            rows={2}
            maxLength={LIMITS.messageMax}
            placeholder={defaultText}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>

        <PickedChips
          items={selected}
          label="Selected buds"
          keyOf={(user) => user.id}
          nameOf={displayName}
          onRemove={toggle}
        />

        <PickSearch
          value={search}
          onChange={setSearch}
          label="Search people you follow"
          placeholder="Search people you follow"
          maxLength={LIMITS.searchQueryMax}
        />

        <div className="share-dialog__list">
          {following.isPending ? (
            <LoadingState compact label="Loading the people you follow" />
          ) : following.isError ? (
            <ErrorState
              compact
              title="Couldn't load the people you follow"
              message={following.error.message}
              onRetry={() => void following.refetch()}
              retrying={following.isFetching}
            />
          ) : shown.length === 0 ? (
            <p className="share-dialog__empty">
              {people.length === 0
                ? "You don't follow anyone yet. Follow buds to share restaurants with them."
                : `No one you follow matches "${search.trim()}"`}
            </p>
          ) : (
            <ul aria-label="People you follow">
              {shown.map((user) => (
                <li key={user.id}>
                  <PickRow
                    checked={isSelected(user.id)}
                    onToggle={() => toggle(user)}
                    leading={
                      <UserAvatar
                        name={user.name}
                        username={user.username}
                        src={user.profilePicture}
                        size="sm"
                      />
                    }
                    name={displayName(user)}
                    detail={`@${user.username}`}
                  />
                </li>
              ))}
              {following.hasNextPage ? (
                <li>
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={following.isFetchingNextPage}
                    onClick={() => void following.fetchNextPage()}
                  >
                    Show more
                  </Button>
                </li>
              ) : null}
            </ul>
          )}
        </div>
        {missingRecipient ? (
          <p className="field__error" role="alert">
            Please select at least one recipient
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

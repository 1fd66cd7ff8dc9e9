import { useInfiniteQuery } from '@tanstack/react-query';
import { Lock, Users } from 'lucide-react';
import { toast } from 'sonner';
import type { FollowUserDto, UserDto } from '@dinebuds/contracts';
import { UserRow } from '@/components/user-row';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { isApiError } from '@/lib/api';
import { useCurrentUser } from '@/features/auth';
import { getFollowListQueryOptions, useRemoveFollower, type FollowListKind } from '@/features/social';

interface FollowListDialogProps {
  /** Which list is open, or null when the dialog is closed. */
  kind: FollowListKind | null;
  onClose: () => void;
  user: UserDto;
}

/** Spec 1 §2: the followers / following list of a profile, at most 60vh high, entries link to profiles. */
export function FollowListDialog({ kind, onClose, user }: FollowListDialogProps) {
  const name = user.name?.trim() || user.username;
  const title = kind === 'following' ? 'Following' : 'Followers';
  return (
    <Dialog
      open={kind !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={kind === 'following' ? `People ${name} follows` : `People who follow ${name}`}
      size="sm"
    >
      {kind ? <FollowList kind={kind} user={user} onNavigate={onClose} /> : null}
    </Dialog>
  );
}

function FollowList({
  kind,
  user,
  onNavigate,
}: {
  kind: FollowListKind;
  user: UserDto;
  onNavigate: () => void;
}) {
  const list = useInfiniteQuery(getFollowListQueryOptions(kind, user.id));
  const me = useCurrentUser().data;
  // My own followers list offers Remove on each row (the profile menu offers it too).
  const removable = kind === 'followers' && me?.id === user.id;
  const name = user.name?.trim() || user.username;
  const noun = kind === 'followers' ? 'followers' : 'following';

  if (list.isPending) return <LoadingState compact label={`Loading ${noun}`} />;
  if (list.isError) {
    if (isApiError(list.error, 403)) {
      return (
        <EmptyState
          compact
          icon={<Lock />}
          title="This account is private"
          description={`Only ${name}'s approved followers can see this list.`}
        />
      );
    }
    return (
      <ErrorState
        compact
        title={`Couldn't load ${noun}`}
        message={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const people = list.data.pages.flat();
  if (people.length === 0) {
    return (
      <EmptyState
        compact
        icon={<Users />}
        title={
          kind === 'followers'
            ? `${name} doesn't have any followers yet.`
            : `${name} isn't following anyone yet.`
        }
      />
    );
  }
  return (
    <div className="follow-list">
      <ul
        className="user-list"
        aria-label={kind === 'followers' ? `${name}'s followers` : `People ${name} follows`}
      >
        {people.map((person) => (
          <UserRow
            key={person.id}
            user={person}
            onNavigate={onNavigate}
            action={removable ? <RemoveFollowerButton person={person} /> : undefined}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          block
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Show more
        </Button>
      ) : null}
    </div>
  );
}

/** Ends this person's follow of me; they are not told (the toast says so). */
function RemoveFollowerButton({ person }: { person: FollowUserDto }) {
  const remove = useRemoveFollower();
  const name = person.name?.trim() || person.username;
  return (
    <Button
      variant="outline"
      size="sm"
      loading={remove.isPending}
      aria-label={`Remove follower ${name}`}
      onClick={() =>
        remove.mutate(person.id, {
          onSuccess: () =>
            toast.success('Follower removed', {
              description: `${name} no longer follows you. They won't be told.`,
            }),
          onError: (error) => toast.error('Error removing follower', { description: error.message }),
        })
      }
    >
      Remove
    </Button>
  );
}

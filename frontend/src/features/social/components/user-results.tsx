import { useDeferredValue, useState } from 'react';
import { SearchX, Users } from 'lucide-react';
import type { UserSummaryDto } from '@dinebuds/contracts';
import { FollowButton } from './follow-button';
import { UserRow } from '@/components/user-row';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useCurrentUser } from '@/features/auth';
import { rendersServerPage } from '@/hooks/use-hydrated';
import { useUsersList } from '../api/get-users';
import { useUserSearch } from '../api/search-users';
import { useKnownFollowStatuses } from '../hooks/use-known-follow-statuses';
import { SectionHeading } from './section-heading';

/** Spec 2 §5: the signed-in user is never listed among the people to follow. */
function useWithoutMe(users: UserSummaryDto[] | undefined): UserSummaryDto[] {
  const { data: me } = useCurrentUser();
  return (users ?? []).filter((user) => user.id !== me?.id);
}

const NO_USERS: UserSummaryDto[] = [];

function UserResultList({ users, label }: { users: UserSummaryDto[]; label: string }) {
  const known = useKnownFollowStatuses();
  // A page of rows arrives with a query's answer, which React renders in one uninterruptible task
  // (30 rows of links, avatars and follow buttons: the longest task /social had on a phone-class
  // CPU). Rendering them as a deferred value lets React yield to the browser every few
  // milliseconds while it builds them, so taps and paints are not blocked. Not on a page the
  // server rendered: its rows are already on screen, and hydration (itself in slices) takes them
  // over, where a deferred first render would draw them all again in one commit.
  const [initial] = useState(() => (rendersServerPage() ? users : NO_USERS));
  const shown = useDeferredValue(users, initial);
  if (!known.ready) return <LoadingState compact label="Loading follow states" />;
  if (shown.length === 0 && users.length > 0)
    return <LoadingState compact label={`Showing ${label.toLowerCase()}`} />;
  return (
    <ul className="user-list" aria-label={label}>
      {shown.map((user) => (
        <UserRow
          key={user.id}
          user={user}
          action={<FollowButton user={user} size="sm" initialStatus={known.hint(user)} />}
        />
      ))}
    </ul>
  );
}

/** The empty search box: everyone but me, a page at a time. */
export function AllUsersList() {
  const list = useUsersList();
  const users = useWithoutMe(list.data?.pages.flat());
  return (
    <section className="stack stack--tight" aria-labelledby="all-users-title">
      <SectionHeading
        id="all-users-title"
        title="All Users"
        description="Find and follow other DineBuds users"
      />
      {list.isPending ? (
        <LoadingState compact label="Loading users" />
      ) : list.isError ? (
        <ErrorState
          compact
          title="Couldn't load users"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : users.length === 0 ? (
        <EmptyState
          compact
          icon={<Users />}
          title="No users found"
          description="Nobody else has joined yet."
        />
      ) : (
        <>
          <UserResultList users={users} label="All users" />
          {list.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              block
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Show more users
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Results of the debounced search (name or username, case-insensitive). */
export function SearchResults({ text }: { text: string }) {
  const search = useUserSearch(text);
  const users = useWithoutMe(search.data);
  const stale = search.isPlaceholderData;
  return (
    <section
      className="stack stack--tight"
      aria-labelledby="search-results-title"
      aria-busy={stale || undefined}
    >
      <SectionHeading
        id="search-results-title"
        title="Search Results"
        description={
          search.isSuccess && !stale
            ? `${users.length === 1 ? '1 bud' : `${users.length} buds`} matching "${text}"`
            : undefined
        }
      />
      {search.isPending ? (
        <LoadingState compact label={`Searching for ${text}`} />
      ) : search.isError ? (
        <ErrorState
          compact
          title="Search failed"
          message={search.error.message}
          onRetry={() => void search.refetch()}
          retrying={search.isFetching}
        />
      ) : users.length === 0 ? (
        stale ? (
          <LoadingState compact label={`Searching for ${text}`} />
        ) : (
          <EmptyState compact icon={<SearchX />} title={`No users found matching "${text}"`} />
        )
      ) : (
        <UserResultList users={users} label="Search results" />
      )}
    </section>
  );
}

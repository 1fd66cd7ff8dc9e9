import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { FollowStatus } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { getFollowListQueryOptions } from '../api/get-follow-list';

/**
 * Follow states a list can know from the viewer's own following list, so a page of users does not
 * ask the server once per row: followed users read 'following'; with the whole list loaded, public
 * users outside it read 'not_following'. Private users outside it may hold a pending request, so
 * their buttons still ask.
 */
export function useKnownFollowStatuses() {
  const { data: me } = useCurrentUser();
  const following = useInfiniteQuery({
    ...getFollowListQueryOptions('following', me?.id ?? 0),
    enabled: Boolean(me),
  });
  const ids = useMemo(() => new Set(following.data?.pages.flat().map((user) => user.id)), [following.data]);
  const complete = following.isSuccess && !following.hasNextPage;
  return {
    /** Rows wait for this so their buttons start from the hint instead of fetching. */
    ready: !me || following.isSuccess || following.isError,
    hint: (user: { id: number; isPrivate: boolean }): FollowStatus | undefined => {
      if (!following.isSuccess) return undefined;
      if (ids.has(user.id)) return 'following';
      return complete && !user.isPrivate ? 'not_following' : undefined;
    },
  };
}

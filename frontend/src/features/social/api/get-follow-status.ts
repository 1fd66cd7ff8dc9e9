import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowStatus, IsFollowingResponse } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';

/**
 * Social-graph keys start with 'social' and end with the user they describe, so one prefix
 * invalidates them for every user.
 */
export const followStatusQueryKeyAll = ['social', 'follow-status'] as const;
export const followStatusQueryKey = (userId: number, targetId: number) =>
  [...followStatusQueryKeyAll, userId, targetId] as const;

export const getFollowStatus = (userId: number, targetId: number) =>
  api.get<IsFollowingResponse>(`/api/users/${userId}/is-following/${targetId}`);

/** The answer GET is-following would give for `status` (written into the cache after an action). */
export const statusAnswer = (status: FollowStatus): IsFollowingResponse => ({
  isFollowing: status === 'following',
  status,
});

export const getFollowStatusQueryOptions = (userId: number, targetId: number) =>
  queryOptions({
    queryKey: followStatusQueryKey(userId, targetId),
    queryFn: () => getFollowStatus(userId, targetId),
  });

/**
 * The signed-in viewer's relationship to `targetId`. Disabled (status undefined) for anonymous
 * visitors and on one's own profile, where no follow control shows (spec 1 §4).
 */
export function useFollowStatus(targetId: number, initialStatus?: FollowStatus) {
  const session = useCurrentUser();
  const me = session.data ?? null;
  const enabled = me !== null && me.id !== targetId;
  const query = useQuery({
    ...getFollowStatusQueryOptions(me?.id ?? 0, targetId),
    enabled,
    ...(initialStatus ? { initialData: statusAnswer(initialStatus) } : {}),
  });
  return { me, enabled, query, status: enabled ? query.data?.status : undefined };
}

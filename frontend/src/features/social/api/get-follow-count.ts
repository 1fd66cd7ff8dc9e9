import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import type { FollowListKind } from './get-follow-list';

/** `['social', 'followers-count']` or `['social', 'following-count']`: that count for every user. */
export const followCountQueryKeyAll = (kind: FollowListKind) => ['social', `${kind}-count`] as const;
export const followCountQueryKey = (kind: FollowListKind, userId: number) =>
  [...followCountQueryKeyAll(kind), userId] as const;

export const getFollowCount = (kind: FollowListKind, userId: number) =>
  api.get<CountResponse>(`/api/users/${userId}/${kind}/count`);

export const getFollowCountQueryOptions = (kind: FollowListKind, userId: number) =>
  queryOptions({ queryKey: followCountQueryKey(kind, userId), queryFn: () => getFollowCount(kind, userId) });

export function useFollowCounts(userId: number) {
  const followers = useQuery(getFollowCountQueryOptions('followers', userId));
  const following = useQuery(getFollowCountQueryOptions('following', userId));
  return { followers, following };
}

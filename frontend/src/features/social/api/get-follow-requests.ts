import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowRequestDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const followRequestsQueryKey = (userId: number) => ['social', 'follow-requests', userId] as const;

export const getFollowRequests = (userId: number) =>
  api.get<FollowRequestDto[]>(`/api/users/${userId}/follow-requests`);

export const getFollowRequestsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: followRequestsQueryKey(userId), queryFn: () => getFollowRequests(userId) });

export function useFollowRequests(userId: number) {
  return useQuery(getFollowRequestsQueryOptions(userId));
}

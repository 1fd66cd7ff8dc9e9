import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { reviewsQueryKey } from './get-user-reviews';

/** Every user's activity feed. */
export const activityQueryKeyAll = [...reviewsQueryKey, 'activity'] as const;
export const activityQueryKey = (userId: number) => [...activityQueryKeyAll, userId] as const;

export const getActivity = (userId: number, signal?: AbortSignal) =>
  api.get<ActivityResponse>('/api/activity', { query: { userId }, signal });

export const getActivityQueryOptions = (userId: number) =>
  queryOptions({ queryKey: activityQueryKey(userId), queryFn: ({ signal }) => getActivity(userId, signal) });

export function useActivity(userId: number, enabled = true) {
  return useQuery({ ...getActivityQueryOptions(userId), enabled });
}

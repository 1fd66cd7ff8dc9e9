import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedRestaurantDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { reviewsQueryKey } from './get-user-reviews';

/** Every user's saved list (a save toggled anywhere refreshes them). */
export const savedRestaurantsQueryKeyAll = [...reviewsQueryKey, 'saved'] as const;
export const savedRestaurantsQueryKey = (userId: number) => [...savedRestaurantsQueryKeyAll, userId] as const;

export const getSavedRestaurants = (userId: number, signal?: AbortSignal) =>
  api.get<SavedRestaurantDto[]>('/api/saved-restaurants', { query: { userId }, signal });

export const getSavedRestaurantsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: savedRestaurantsQueryKey(userId),
    queryFn: ({ signal }) => getSavedRestaurants(userId, signal),
  });

export function useSavedRestaurants(userId: number, enabled = true) {
  return useQuery({ ...getSavedRestaurantsQueryOptions(userId), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RestaurantDetailDto } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

/** Under the reviews prefix: the reviews service answers it, and a review change refreshes it. */
export const restaurantQueryKey = (id: number) => [...reviewsQueryKey, 'restaurant', id] as const;

export const getRestaurant = (id: number, signal?: AbortSignal) =>
  api.get<RestaurantDetailDto>(`/api/restaurants/${id}`, { signal });

export const getRestaurantQueryOptions = (id: number) =>
  queryOptions({ queryKey: restaurantQueryKey(id), queryFn: ({ signal }) => getRestaurant(id, signal) });

export function useRestaurant(id: number, enabled = true) {
  return useQuery({ ...getRestaurantQueryOptions(id), enabled });
}

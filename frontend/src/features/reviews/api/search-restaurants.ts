import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DISCOVERY_LIMITS, type RestaurantSearchItemDto } from '@dinebuds/contracts';
import { reviewsQueryKey } from './get-user-reviews';
import { api } from '@/lib/api';

export const restaurantSearchQueryKey = (text: string) =>
  [...reviewsQueryKey, 'restaurant-search', text.trim().toLowerCase()] as const;

/** GET /api/restaurants/search: name, cuisine or address words, typos tolerated, buds' favourites first. */
export const searchRestaurants = (text: string, signal?: AbortSignal) =>
  api.get<RestaurantSearchItemDto[]>('/api/restaurants/search', {
    query: { q: text.trim(), limit: DISCOVERY_LIMITS.searchDefault },
    signal,
  });

export const searchRestaurantsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: restaurantSearchQueryKey(text),
    queryFn: ({ signal }) => searchRestaurants(text, signal),
  });

/** Idle under the server's minimum length; keeps the last results while the next search runs. */
export function useRestaurantSearch(text: string) {
  return useQuery({
    ...searchRestaurantsQueryOptions(text),
    enabled: text.trim().length >= DISCOVERY_LIMITS.searchQueryMin,
    placeholderData: keepPreviousData,
  });
}

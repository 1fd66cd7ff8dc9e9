import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DISCOVERY_LIMITS, type RestaurantSearchItemDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { messagesQueryKey } from './keys';

/** GET /api/restaurants/search, for the places of a "Let's eat" poll. */
export const searchRestaurants = (text: string, signal?: AbortSignal) =>
  api.get<RestaurantSearchItemDto[]>('/api/restaurants/search', {
    query: { q: text.trim(), limit: DISCOVERY_LIMITS.searchDefault },
    signal,
  });

/** Idle under the server's minimum length; keeps the last results while the next search runs. */
export function usePollRestaurantSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: [...messagesQueryKey, 'restaurant-search', q.toLowerCase()],
    queryFn: ({ signal }) => searchRestaurants(q, signal),
    enabled: q.length >= DISCOVERY_LIMITS.searchQueryMin,
    placeholderData: keepPreviousData,
  });
}

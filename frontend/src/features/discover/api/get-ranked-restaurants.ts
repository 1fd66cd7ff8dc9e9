import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { RankedRestaurantDto, RankedSort } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

export interface RankedQuery {
  city: string;
  sort: RankedSort;
  /** Only for near-you. */
  position?: { lat: number; lng: number } | null;
}

/** Under the reviews prefix: a review written anywhere refreshes the rankings. */
export const rankedQueryKeyAll = [...reviewsQueryKey, 'ranked'] as const;
export const rankedQueryKey = ({ city, sort, position }: RankedQuery) =>
  [
    ...rankedQueryKeyAll,
    city.trim().toLowerCase(),
    sort,
    sort === 'near-you' && position ? `${position.lat.toFixed(3)},${position.lng.toFixed(3)}` : null,
  ] as const;

/** GET /api/restaurants/ranked (docs/api-discovery.md): the city's places ranked by my buds, with the why. */
export const getRankedRestaurants = ({ city, sort, position }: RankedQuery, signal?: AbortSignal) =>
  api.get<RankedRestaurantDto[]>('/api/restaurants/ranked', {
    query: {
      city: city.trim(),
      sort,
      lat: sort === 'near-you' ? position?.lat : undefined,
      lng: sort === 'near-you' ? position?.lng : undefined,
    },
    signal,
  });

export const getRankedRestaurantsQueryOptions = (query: RankedQuery) =>
  queryOptions({
    queryKey: rankedQueryKey(query),
    queryFn: ({ signal }) => getRankedRestaurants(query, signal),
  });

/** Spec 2 §5: the rankings are read only when a city is set (and near-you has a position). */
const isReady = (query: RankedQuery | null): query is RankedQuery =>
  query !== null && query.city.trim() !== '' && (query.sort !== 'near-you' || !!query.position);

/**
 * Starts the read before the screen that shows it renders (a detected city): the request is on
 * its way during the render, and the list's query finds it running instead of starting it.
 */
export function prefetchRankedRestaurants(client: QueryClient, query: RankedQuery): void {
  if (isReady(query)) void client.prefetchQuery(getRankedRestaurantsQueryOptions(query));
}

export function useRankedRestaurants(query: RankedQuery | null) {
  const ready = isReady(query);
  return useQuery({
    ...getRankedRestaurantsQueryOptions(query ?? { city: '', sort: 'top-rated' }),
    enabled: ready,
  });
}

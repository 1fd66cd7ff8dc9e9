import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecommendationDto } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

export const restaurantRecommendationsQueryKey = (location: string) =>
  [...reviewsQueryKey, 'recommendations', location.trim().toLowerCase()] as const;

/** GET /api/recommendations?location=: up to 6 places I have not reviewed. */
export const getRestaurantRecommendations = (location: string, signal?: AbortSignal) =>
  api.get<RecommendationDto[]>('/api/recommendations', {
    query: { location: location.trim() || undefined },
    signal,
  });

export const getRestaurantRecommendationsQueryOptions = (location: string) =>
  queryOptions({
    queryKey: restaurantRecommendationsQueryKey(location),
    queryFn: ({ signal }) => getRestaurantRecommendations(location, signal),
  });

export function useRestaurantRecommendations(location: string) {
  return useQuery(getRestaurantRecommendationsQueryOptions(location));
}

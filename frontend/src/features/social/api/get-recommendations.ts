import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendRecommendationDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const RECOMMENDATIONS_LIMIT = 20;

export const recommendationsQueryKey = ['social', 'recommendations'] as const;

export const getRecommendations = () =>
  api.get<FriendRecommendationDto[]>('/api/users/recommended', { query: { limit: RECOMMENDATIONS_LIMIT } });

export const getRecommendationsQueryOptions = () =>
  queryOptions({ queryKey: recommendationsQueryKey, queryFn: getRecommendations });

export function useRecommendations(enabled = true) {
  return useQuery({ ...getRecommendationsQueryOptions(), enabled });
}

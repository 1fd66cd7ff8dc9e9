import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendRecommendationDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const RECOMMENDATIONS_LIMIT = 20;

export const getRecommendations = () =>
  api.get<FriendRecommendationDto[]>('/api/users/recommended', { query: { limit: RECOMMENDATIONS_LIMIT } });

export const recommendationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.recommendations, queryFn: getRecommendations });

export function useRecommendations(enabled = true) {
  return useQuery({ ...recommendationsQueryOptions(), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TasteMatchDto } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

/** Under the reviews prefix: a review written or changed refreshes it. */
export const tasteMatchQueryKey = (userId: number) => [...reviewsQueryKey, 'taste-match', userId] as const;

/** GET /api/users/{id}/taste-match: my match with another person, from the places we both reviewed. */
export const getTasteMatch = (userId: number, signal?: AbortSignal) =>
  api.get<TasteMatchDto>(`/api/users/${userId}/taste-match`, { signal });

export const getTasteMatchQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: tasteMatchQueryKey(userId),
    queryFn: ({ signal }) => getTasteMatch(userId, signal),
  });

export function useTasteMatch(userId: number, enabled = true) {
  return useQuery({ ...getTasteMatchQueryOptions(userId), enabled });
}

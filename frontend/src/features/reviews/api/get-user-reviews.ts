import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

/** Everything the reviews service answers has a key starting with this, so one prefix refreshes it. */
export const reviewsQueryKey = ['reviews'] as const;

export const userReviewsQueryKey = (userId: number) => [...reviewsQueryKey, 'by-user', userId] as const;

export const getUserReviews = (userId: number, signal?: AbortSignal) =>
  api.get<ReviewDto[]>('/api/reviews', { query: { userId, limit: 200 }, signal });

export const getUserReviewsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userReviewsQueryKey(userId),
    queryFn: ({ signal }) => getUserReviews(userId, signal),
  });

export function useUserReviews(userId: number, enabled = true) {
  return useQuery({ ...getUserReviewsQueryOptions(userId), enabled });
}

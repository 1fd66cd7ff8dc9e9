import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReviewListDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const adminReviewsQueryKey = ['admin', 'reviews'] as const;

export interface AdminReviewFilters {
  search: string;
  /** 'all' or '1'..'5'. */
  rating: string;
  limit: number;
}

/** GET /api/admin/reviews: every review (search, rating filter, newest first) with its counts. */
export function getAdminReviews({ search, rating, limit }: AdminReviewFilters) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (search.trim() !== '') params.set('search', search.trim());
  if (rating !== 'all') params.set('rating', rating);
  return api.get<AdminReviewListDto>(`/api/admin/reviews?${params.toString()}`);
}

export const getAdminReviewsQueryOptions = (filters: AdminReviewFilters) =>
  queryOptions({
    queryKey: [...adminReviewsQueryKey, filters],
    queryFn: () => getAdminReviews(filters),
    staleTime: 0,
    // A new search keeps the table on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useAdminReviews(filters: AdminReviewFilters) {
  return useQuery(getAdminReviewsQueryOptions(filters));
}

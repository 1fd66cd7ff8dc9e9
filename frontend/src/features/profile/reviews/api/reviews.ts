import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewRequest, ReviewDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const reviewKeys = {
  all: ['reviews'] as const,
  byUser: (userId: number) => ['reviews', 'by-user', userId] as const,
};

export function useUserReviews(userId: number, enabled = true) {
  return useQuery({
    queryKey: reviewKeys.byUser(userId),
    queryFn: ({ signal }) => api.get<ReviewDto[]>('/api/reviews', { query: { userId, limit: 200 }, signal }),
    enabled,
  });
}

/**
 * A review changes the profile's count, level and city badges in identity (through its events),
 * so the user queries are refreshed too; they may lag by a moment, which the next visit shows.
 */
function useRefreshAfterReviewChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.users });
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  };
}

export function useCreateReview() {
  const refresh = useRefreshAfterReviewChange();
  return useMutation({
    mutationFn: (body: CreateReviewRequest) => api.post<ReviewDto>('/api/reviews', body),
    onSuccess: refresh,
  });
}

export function useUpdateReview() {
  const refresh = useRefreshAfterReviewChange();
  return useMutation({
    mutationFn: ({ id, rating, notes }: { id: number; rating: number; notes: string | null }) =>
      api.patch<ReviewDto>(`/api/reviews/${id}`, { rating, notes }),
    onSuccess: refresh,
  });
}

export function useDeleteReview() {
  const refresh = useRefreshAfterReviewChange();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/reviews/${id}`),
    onSuccess: refresh,
  });
}

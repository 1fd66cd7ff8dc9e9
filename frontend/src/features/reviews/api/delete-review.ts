import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRefreshAfterReviewChange } from './refresh-after-review-change';

export const deleteReview = (id: number) => api.delete<unknown>(`/api/reviews/${id}`);

export function useDeleteReview() {
  const refresh = useRefreshAfterReviewChange();
  return useMutation({ mutationFn: deleteReview, onSuccess: refresh });
}

import { useMutation } from '@tanstack/react-query';
import type { ReviewDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { useRefreshAfterReviewChange } from './refresh-after-review-change';

export interface UpdateReviewInput {
  id: number;
  rating: number;
  notes: string | null;
}

export const updateReview = ({ id, rating, notes }: UpdateReviewInput) =>
  api.patch<ReviewDto>(`/api/reviews/${id}`, { rating, notes });

export function useUpdateReview() {
  const refresh = useRefreshAfterReviewChange();
  return useMutation({ mutationFn: updateReview, onSuccess: refresh });
}

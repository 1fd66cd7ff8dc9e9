import { useMutation } from '@tanstack/react-query';
import type { CreateReviewRequest, ReviewDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { useRefreshAfterReviewChange } from './refresh-after-review-change';

export const createReview = (body: CreateReviewRequest) => api.post<ReviewDto>('/api/reviews', body);

export function useCreateReview() {
  const refresh = useRefreshAfterReviewChange();
  return useMutation({ mutationFn: createReview, onSuccess: refresh });
}

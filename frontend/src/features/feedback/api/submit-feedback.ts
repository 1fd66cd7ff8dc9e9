import { useMutation } from '@tanstack/react-query';
import type { FeedbackDto, SubmitFeedbackRequest } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const submitFeedback = (body: SubmitFeedbackRequest) => api.post<FeedbackDto>('/api/feedback', body);

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { feedbackQueryKey } from './get-feedback';

export const resolveFeedback = (id: number) => api.put<FeedbackDto>(`/api/feedback/${id}/resolve`);

export function useResolveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveFeedback,
    // Spec 2: the list is read again after a resolve (another admin may have acted too).
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackQueryKey }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedbackDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const feedbackQueryKey = ['feedback', 'all'] as const;

/** Every feedback item, newest first (admins only); the /feedback tabs filter and count it here. */
export const getFeedback = () => api.get<FeedbackDto[]>('/api/feedback?type=all&status=all');

export const getFeedbackQueryOptions = () =>
  queryOptions({ queryKey: feedbackQueryKey, queryFn: getFeedback, staleTime: 0 });

export function useFeedbackList(enabled: boolean) {
  return useQuery({ ...getFeedbackQueryOptions(), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportedMessageDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const reportedMessagesQueryKey = ['admin', 'reported-messages'] as const;

/** GET /api/admin/messages/reported: pending reported messages, newest report first (first 100). */
export const getReportedMessages = () =>
  api.get<ReportedMessageDto[]>('/api/admin/messages/reported?limit=100');

export const getReportedMessagesQueryOptions = () =>
  queryOptions({ queryKey: reportedMessagesQueryKey, queryFn: getReportedMessages, staleTime: 0 });

export function useReportedMessages() {
  return useQuery(getReportedMessagesQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageContextDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

/** GET /api/admin/messages/{id}/conversation: the messages around a reported one, oldest first. */
export const getMessageContext = (id: number) =>
  api.get<MessageContextDto>(`/api/admin/messages/${id}/conversation`);

export const getMessageContextQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'message-context', id] as const,
    queryFn: () => getMessageContext(id),
    staleTime: 0,
  });

export function useMessageContext(id: number, enabled: boolean) {
  return useQuery({ ...getMessageContextQueryOptions(id), enabled });
}

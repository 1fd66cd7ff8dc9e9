import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, ReportedMessageDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { auditLogQueryKey } from './get-audit-log';
import { reportedMessagesQueryKey } from './get-reported-messages';

export const dismissReportedMessage = (id: number, reason?: string) =>
  api.post<MessageResponse>(`/api/admin/messages/${id}/dismiss`, reason ? { reason } : undefined);

export function useDismissReportedMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => dismissReportedMessage(id, reason),
    onSuccess: (_answer, { id }) =>
      queryClient.setQueryData<ReportedMessageDto[]>(reportedMessagesQueryKey, (list) =>
        list?.filter((message) => message.id !== id),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reportedMessagesQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { messagesQueryKey } from './keys';

export const reportMessage = ({ messageId, reason }: { messageId: number; reason: string }) =>
  api.post<MessageResponse>(`/api/messages/report/${messageId}`, { reason });

export function useReportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportMessage,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...messagesQueryKey, 'conversation'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, SessionDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { sessionsQueryKey } from './get-sessions';

export const revokeSession = (sessionId: string) =>
  api.delete<MessageResponse>(`/api/user/sessions/${encodeURIComponent(sessionId)}`);

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: (_answer, sessionId) => {
      queryClient.setQueryData<SessionDto[]>(sessionsQueryKey, (sessions) =>
        sessions?.filter((s) => s.id !== sessionId),
      );
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, MessageResponse, SessionDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const changePassword = (body: ChangePasswordRequest) =>
  api.post<MessageResponse>('/api/user/password', body);
export const getSessions = () => api.get<SessionDto[]>('/api/user/sessions');
export const revokeSession = (sessionId: string) =>
  api.delete<MessageResponse>(`/api/user/sessions/${encodeURIComponent(sessionId)}`);

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.sessions, queryFn: getSessions, staleTime: 0 });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server signs every other session out.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: (_answer, sessionId) => {
      queryClient.setQueryData<SessionDto[]>(queryKeys.sessions, (sessions) =>
        sessions?.filter((s) => s.id !== sessionId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}

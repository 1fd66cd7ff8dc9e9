import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, MessageResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { sessionsQueryKey } from './get-sessions';

export const changePassword = (body: ChangePasswordRequest) =>
  api.post<MessageResponse>('/api/user/password', body);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server signs every other session out.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

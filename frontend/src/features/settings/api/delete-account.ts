import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountRequest, MessageResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { forgetSignedInUser } from '@/features/auth';

export const deleteAccount = (body: DeleteAccountRequest) =>
  api.delete<MessageResponse>('/api/user', { body });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    // The person is gone: as after signing out.
    onSuccess: () => forgetSignedInUser(queryClient),
  });
}

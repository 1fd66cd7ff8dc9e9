import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountRequest, MessageResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { currentUserQueryKey } from '@/features/auth';

export const deleteAccount = (body: DeleteAccountRequest) =>
  api.delete<MessageResponse>('/api/user', { body });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      // The person is gone: nothing cached of them may stay (as after signing out).
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, null);
    },
  });
}

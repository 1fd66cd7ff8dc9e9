import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { currentUserQueryKey } from './get-current-user';

export const logout = () => api.post<MessageResponse>('/api/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing cached for the previous user may leak into the next session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, null);
    },
  });
}

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { currentUserQueryKey } from './get-current-user';

export const logout = () => api.post<MessageResponse>('/api/logout');

/** After the session ended (sign-out, account deleted): nothing cached for the user may leak into the next session. */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
  queryClient.setQueryData(currentUserQueryKey, null);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => forgetSignedInUser(queryClient),
  });
}

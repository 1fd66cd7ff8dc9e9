import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { auditLogQueryKey } from './get-audit-log';
import { adminUsersQueryKey } from './get-admin-users';

/** POST /api/admin/users/{id}/deactivate or /reactivate, with the admin's optional note. */
export const setUserActive = (id: number, active: boolean, reason?: string) =>
  api.post<AdminUserDto>(
    `/api/admin/users/${id}/${active ? 'reactivate' : 'deactivate'}`,
    reason ? { reason } : undefined,
  );

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active, reason }: { id: number; active: boolean; reason?: string }) =>
      setUserActive(id, active, reason),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { auditLogQueryKey } from './get-audit-log';
import { adminUsersQueryKey } from './get-admin-users';

/** What a bulk delete did: the ids deleted and the first failure's message, if any failed. */
export interface DeleteUsersOutcome {
  deleted: number[];
  failed: number;
  firstError: string | null;
}

/**
 * DELETE /api/users/{id} once per selected person (spec 2's call), side by side: every deletion
 * is its own server call, so one refusal does not stop the others, and the outcome says which went.
 */
export async function deleteUsers(ids: readonly number[]): Promise<DeleteUsersOutcome> {
  const results = await Promise.allSettled(ids.map((id) => api.delete(`/api/users/${id}`)));
  const deleted = ids.filter((_, i) => results[i].status === 'fulfilled');
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  return {
    deleted,
    failed: ids.length - deleted.length,
    firstError: rejected ? ((rejected.reason as Error)?.message ?? null) : null,
  };
}

export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}

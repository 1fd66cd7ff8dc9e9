import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppealDto, AppealOutcome } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { appealsQueryKey } from './get-appeals';
import { auditLogQueryKey } from './get-audit-log';
import { reportsQueryKey } from './get-reports';

/** POST /api/admin/appeals/{id}/decide: upheld (the decision stands) or overturned, with a note. */
export const decideAppeal = ({
  id,
  outcome,
  reason,
}: {
  id: number;
  outcome: AppealOutcome;
  reason?: string;
}) => api.post<AppealDto>(`/api/admin/appeals/${id}/decide`, { outcome, ...(reason ? { reason } : {}) });

export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAppeal,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: appealsQueryKey });
      void queryClient.invalidateQueries({ queryKey: reportsQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}

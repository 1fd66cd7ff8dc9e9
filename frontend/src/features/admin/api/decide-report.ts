import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentReportDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { auditLogQueryKey } from './get-audit-log';
import { reportsQueryKey } from './get-reports';

export type ReportDecision = 'resolve' | 'dismiss';

/** POST /api/admin/reports/{id}/resolve or /dismiss, with the admin's optional note (the audit log's why). */
export const decideReport = (id: number, decision: ReportDecision, reason?: string) =>
  api.post<ContentReportDto>(`/api/admin/reports/${id}/${decision}`, reason ? { reason } : undefined);

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: ReportDecision; reason?: string }) =>
      decideReport(id, decision, reason),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reportsQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}

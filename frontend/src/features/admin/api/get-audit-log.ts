import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntryDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const auditLogQueryKey = ['admin', 'audit-log'] as const;

/** GET /api/admin/audit-log: the latest 100 admin actions, newest first. */
export const getAuditLog = () => api.get<AuditEntryDto[]>('/api/admin/audit-log?limit=100');

export const getAuditLogQueryOptions = () =>
  queryOptions({ queryKey: auditLogQueryKey, queryFn: getAuditLog, staleTime: 0 });

export function useAuditLog() {
  return useQuery(getAuditLogQueryOptions());
}

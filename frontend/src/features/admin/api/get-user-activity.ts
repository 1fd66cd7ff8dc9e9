import { useQuery } from '@tanstack/react-query';
import type { AuditEntryDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { auditLogQueryKey } from './get-audit-log';

/** GET /api/admin/audit-log?subjectUserId=: the admin actions concerning one person, newest first. */
export const getUserActivity = (userId: number, signal?: AbortSignal) =>
  api.get<AuditEntryDto[]>('/api/admin/audit-log', { query: { subjectUserId: userId, limit: 100 }, signal });

export function useUserActivity(userId: number, enabled = true) {
  return useQuery({
    queryKey: [...auditLogQueryKey, 'subject', userId],
    queryFn: ({ signal }) => getUserActivity(userId, signal),
    enabled,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAppealDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const appealsQueryKey = ['admin', 'appeals'] as const;

/** GET /api/admin/appeals?status=pending: appeals waiting for an admin, newest first. */
export const getPendingAppeals = () => api.get<AdminAppealDto[]>('/api/admin/appeals?status=pending');

export const getPendingAppealsQueryOptions = () =>
  queryOptions({ queryKey: appealsQueryKey, queryFn: getPendingAppeals, staleTime: 0 });

export function usePendingAppeals() {
  return useQuery(getPendingAppealsQueryOptions());
}

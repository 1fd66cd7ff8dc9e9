import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportFilter, ReportListDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const reportsQueryKey = ['admin', 'reports'] as const;

/** GET /api/admin/reports: the reports of one status (or all) and the counts of every status. */
export const getReports = (status: ReportFilter) =>
  api.get<ReportListDto>(`/api/admin/reports?status=${status}`);

export const getReportsQueryOptions = (status: ReportFilter) =>
  queryOptions({ queryKey: [...reportsQueryKey, status], queryFn: () => getReports(status), staleTime: 0 });

export function useReports(status: ReportFilter) {
  return useQuery(getReportsQueryOptions(status));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const sessionsQueryKey = ['sessions'] as const;

export const getSessions = () => api.get<SessionDto[]>('/api/user/sessions');

export const getSessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsQueryKey, queryFn: getSessions, staleTime: 0 });

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBadgesDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const adminBadgesQueryKey = ['admin', 'badges'] as const;

/** GET /api/admin/badges: the flavor and city catalogue with holder counts, and the CityBud tiers. */
export const getAdminBadges = () => api.get<AdminBadgesDto>('/api/admin/badges');

export const getAdminBadgesQueryOptions = () =>
  queryOptions({ queryKey: adminBadgesQueryKey, queryFn: getAdminBadges, staleTime: 0 });

export function useAdminBadges() {
  return useQuery(getAdminBadgesQueryOptions());
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserListDto, ReviewCountBucket, UserStatusFilter } from '@dinebuds/contracts';
import { api } from '@/lib/api';

/** The Users tab's search and filters, as the route takes them. */
export interface AdminUserFilters {
  q: string;
  reviews: ReviewCountBucket | 'all';
  status: UserStatusFilter;
}

export const ADMIN_USERS_PAGE = 50;

export const adminUsersQueryKey = ['admin', 'users'] as const;

/** GET /api/admin/users: one page of people matching the filters, and how many match in all. */
export const getAdminUsers = (filters: AdminUserFilters, offset: number, signal?: AbortSignal) =>
  api.get<AdminUserListDto>('/api/admin/users', {
    query: {
      q: filters.q.trim() || undefined,
      reviews: filters.reviews === 'all' ? undefined : filters.reviews,
      status: filters.status === 'all' ? undefined : filters.status,
      limit: ADMIN_USERS_PAGE,
      offset,
    },
    signal,
  });

/** The previous page stays on screen while the next search loads (no flash of an empty table). */
export function useAdminUsers(filters: AdminUserFilters, offset: number) {
  return useQuery({
    queryKey: [...adminUsersQueryKey, filters, offset],
    queryFn: ({ signal }) => getAdminUsers(filters, offset, signal),
    placeholderData: keepPreviousData,
  });
}

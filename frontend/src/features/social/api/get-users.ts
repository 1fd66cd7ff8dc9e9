import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { UserSummaryDto } from '@dinebuds/contracts';
import { usersQueryKey } from '@/features/auth';
import { api } from '@/lib/api';

/** Users shown per page of the All Users list. */
export const USERS_PAGE_SIZE = 30;

export const usersListQueryKey = [...usersQueryKey, 'list'] as const;

export const getUsers = (offset: number) =>
  api.get<UserSummaryDto[]>('/api/users', { query: { limit: USERS_PAGE_SIZE, offset } });

export const getUsersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: usersListQueryKey,
    queryFn: ({ pageParam }) => getUsers(pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < USERS_PAGE_SIZE ? undefined : pages.length * USERS_PAGE_SIZE,
  });

export function useUsersList() {
  return useInfiniteQuery(getUsersQueryOptions());
}

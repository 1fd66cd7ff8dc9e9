import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { UserSummaryDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Users shown per page of the All Users list, and at most per search. */
export const USERS_PAGE_SIZE = 30;
export const SEARCH_RESULTS_MAX = 50;

export const getUsers = (offset: number) =>
  api.get<UserSummaryDto[]>('/api/users', { query: { limit: USERS_PAGE_SIZE, offset } });

/** Spec 2 §5: name or username, case-insensitive (the server matches). */
export const searchUsers = (text: string, signal?: AbortSignal) =>
  api.get<UserSummaryDto[]>('/api/users/search', {
    query: { username: text, limit: SEARCH_RESULTS_MAX },
    signal,
  });

export const usersListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.usersList,
    queryFn: ({ pageParam }) => getUsers(pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < USERS_PAGE_SIZE ? undefined : pages.length * USERS_PAGE_SIZE,
  });

export const searchUsersQueryOptions = (text: string) =>
  queryOptions({
    queryKey: queryKeys.usersSearch(text),
    queryFn: ({ signal }) => searchUsers(text.trim(), signal),
  });

export function useUsersList() {
  return useInfiniteQuery(usersListQueryOptions());
}

/** Idle while `text` is blank; keeps the previous results on screen while the next search runs. */
export function useUserSearch(text: string) {
  return useQuery({
    ...searchUsersQueryOptions(text),
    enabled: text.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

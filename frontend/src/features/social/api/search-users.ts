import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummaryDto } from '@dinebuds/contracts';
import { usersQueryKey } from '@/features/auth';
import { api } from '@/lib/api';

/** Users shown at most per search. */
export const SEARCH_RESULTS_MAX = 50;

/** Every search, whatever its text (refreshed together after a follow change). */
export const userSearchQueryKeyAll = [...usersQueryKey, 'search'] as const;
export const userSearchQueryKey = (text: string) =>
  [...userSearchQueryKeyAll, text.trim().toLowerCase()] as const;

/** Spec 2 §5: name or username, case-insensitive (the server matches). */
export const searchUsers = (text: string, signal?: AbortSignal) =>
  api.get<UserSummaryDto[]>('/api/users/search', {
    query: { username: text, limit: SEARCH_RESULTS_MAX },
    signal,
  });

export const searchUsersQueryOptions = (text: string) =>
  queryOptions({
    queryKey: userSearchQueryKey(text),
    queryFn: ({ signal }) => searchUsers(text.trim(), signal),
  });

/** Idle while `text` is blank; keeps the previous results on screen while the next search runs. */
export function useUserSearch(text: string) {
  return useQuery({
    ...searchUsersQueryOptions(text),
    enabled: text.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

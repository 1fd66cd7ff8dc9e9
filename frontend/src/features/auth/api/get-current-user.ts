import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { api, isApiError } from '@/lib/api';

export const currentUserQueryKey = ['current-user'] as const;

/**
 * Every identity answer about users (profiles, lists, searches, badges) has a key starting with
 * this, so one prefix refreshes them all when the user's public data changes.
 */
export const usersQueryKey = ['users'] as const;

/**
 * The session, shared by every feature: `undefined` while loading, `null` when nobody is signed
 * in (GET /api/user answers 401), else the user. Not retried: a 401 is an answer, not a failure.
 */
export async function getCurrentUser(): Promise<CurrentUserDto | null> {
  try {
    return await api.get<CurrentUserDto>('/api/user');
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const getCurrentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    retry: false,
  });

export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}

/** Puts a freshly signed-in or updated user into the cache so every screen sees it at once. */
export function useSetCurrentUser() {
  const queryClient = useQueryClient();
  return (user: CurrentUserDto | null) => queryClient.setQueryData(currentUserQueryKey, user);
}

/** Writes a change into the session user and drops stale copies of the public profile. */
export function usePatchCurrentUser() {
  const queryClient = useQueryClient();
  return (patch: Partial<CurrentUserDto>) => {
    queryClient.setQueryData<CurrentUserDto | null>(currentUserQueryKey, (user) =>
      user ? { ...user, ...patch } : user,
    );
    void queryClient.invalidateQueries({ queryKey: usersQueryKey });
  };
}

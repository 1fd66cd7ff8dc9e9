import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUserDto, MessageResponse } from '@dinebuds/contracts';
import { api, isApiError } from './api';
import { queryKeys } from './query-keys';

/**
 * The session, shared by every feature: `undefined` while loading, `null` when nobody is signed
 * in (GET /api/user answers 401), else the user. Not retried: a 401 is an answer, not a failure.
 */
export async function fetchCurrentUser(): Promise<CurrentUserDto | null> {
  try {
    return await api.get<CurrentUserDto>('/api/user');
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
    retry: false,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** Puts a freshly signed-in or updated user into the cache so every screen sees it at once. */
export function useSetCurrentUser() {
  const queryClient = useQueryClient();
  return (user: CurrentUserDto | null) => queryClient.setQueryData(queryKeys.currentUser, user);
}

/** Writes a change into the session user and drops stale copies of the public profile. */
export function usePatchCurrentUser() {
  const queryClient = useQueryClient();
  return (patch: Partial<CurrentUserDto>) => {
    queryClient.setQueryData<CurrentUserDto | null>(queryKeys.currentUser, (user) =>
      user ? { ...user, ...patch } : user,
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.users });
  };
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageResponse>('/api/logout'),
    onSuccess: () => {
      // Nothing cached for the previous user may leak into the next session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.currentUser[0] });
      queryClient.setQueryData(queryKeys.currentUser, null);
    },
  });
}

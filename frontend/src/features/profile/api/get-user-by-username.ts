import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@dinebuds/contracts';
import { usersQueryKey } from '@/features/auth';
import { api, isApiError } from '@/lib/api';

export const userByUsernameQueryKey = (username: string) =>
  [...usersQueryKey, 'by-username', username.toLowerCase()] as const;

export const getUserByUsername = (username: string) =>
  api.get<UserDto>(`/api/users/by-username/${encodeURIComponent(username)}`);

export const getUserByUsernameQueryOptions = (username: string) =>
  queryOptions({
    queryKey: userByUsernameQueryKey(username),
    queryFn: () => getUserByUsername(username),
    // A missing user is an answer; retry only failures that might go away.
    retry: (failureCount, error) => !isApiError(error, 404) && failureCount < 1,
  });

export function useUserByUsername(username: string | undefined, enabled = true) {
  return useQuery({
    ...getUserByUsernameQueryOptions(username ?? ''),
    enabled: enabled && Boolean(username),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@dinebuds/contracts';
import { api, isApiError } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getUserByUsername = (username: string) =>
  api.get<UserDto>(`/api/users/by-username/${encodeURIComponent(username)}`);

export const userByUsernameQueryOptions = (username: string) =>
  queryOptions({
    queryKey: queryKeys.userByUsername(username),
    queryFn: () => getUserByUsername(username),
    // A missing user is an answer; retry only failures that might go away.
    retry: (failureCount, error) => !isApiError(error, 404) && failureCount < 1,
  });

export function useUserByUsername(username: string | undefined, enabled = true) {
  return useQuery({ ...userByUsernameQueryOptions(username ?? ''), enabled: enabled && Boolean(username) });
}

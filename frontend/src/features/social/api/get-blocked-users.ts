import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedUserDto } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';

export const blockedUsersQueryKey = ['social', 'blocked'] as const;

export const getBlockedUsers = () => api.get<BlockedUserDto[]>('/api/users/blocked');

export const getBlockedUsersQueryOptions = () =>
  queryOptions({ queryKey: blockedUsersQueryKey, queryFn: getBlockedUsers });

/** The signed-in user's blocks; idle for anonymous visitors (and when `enabled` is false). */
export function useBlockedUsers(enabled = true) {
  const { data: me } = useCurrentUser();
  return useQuery({ ...getBlockedUsersQueryOptions(), enabled: enabled && Boolean(me) });
}

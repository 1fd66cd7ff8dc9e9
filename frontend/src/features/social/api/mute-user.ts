import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutedUserDto, MuteStatusResponse, SafetyStatusResponse } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

/** Social-graph keys start with 'social' (see get-follow-status). */
export const safetyStatusQueryKeyAll = ['social', 'safety'] as const;
export const mutedUsersQueryKey = ['social', 'muted'] as const;

export const getSafetyStatus = (userId: number) =>
  api.get<SafetyStatusResponse>(`/api/users/${userId}/safety`);
export const getMutedUsers = () => api.get<MutedUserDto[]>('/api/users/muted');
export const muteUser = (userId: number) => api.post<MuteStatusResponse>(`/api/users/${userId}/mute`);
export const unmuteUser = (userId: number) => api.delete<MuteStatusResponse>(`/api/users/${userId}/mute`);

export const getSafetyStatusQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...safetyStatusQueryKeyAll, userId], queryFn: () => getSafetyStatus(userId) });

/** Whether the signed-in viewer muted `userId` and whether `userId` follows them (profile menu). */
export function useSafetyStatus(userId: number, enabled = true) {
  const { data: me } = useCurrentUser();
  return useQuery({
    ...getSafetyStatusQueryOptions(userId),
    enabled: enabled && Boolean(me) && me?.id !== userId,
  });
}

/** The signed-in user's muted people (Settings). */
export function useMutedUsers(enabled = true) {
  const { data: me } = useCurrentUser();
  return useQuery({ queryKey: mutedUsersQueryKey, queryFn: getMutedUsers, enabled: enabled && Boolean(me) });
}

/**
 * Mute or unmute (`muted` says which). Afterwards the status and list refresh, and so does every
 * discovery read (feed, stories, rankings), which the muted person's content leaves or rejoins.
 */
export function useSetMuted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, muted }: { userId: number; muted: boolean }) =>
      muted ? muteUser(userId) : unmuteUser(userId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: safetyStatusQueryKeyAll });
      void queryClient.invalidateQueries({ queryKey: mutedUsersQueryKey });
      void queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
    },
  });
}

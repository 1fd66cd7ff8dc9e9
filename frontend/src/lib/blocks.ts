import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedUserDto, MessageResponse } from '@dinebuds/contracts';
import { api } from './api';
import { useCurrentUser } from './auth';
import { refreshFollowData } from './follows';
import { queryKeys } from './query-keys';

/** Blocks, shared by the profile menu (block / unblock) and Settings (the blocked list). */

export const getBlockedUsers = () => api.get<BlockedUserDto[]>('/api/users/blocked');
export const blockUser = (blockedId: number) => api.post<BlockedUserDto>('/api/users/block', { blockedId });
export const unblockUser = (blockedId: number) =>
  api.post<MessageResponse>('/api/users/unblock', { blockedId });

export const blockedUsersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.blockedUsers, queryFn: getBlockedUsers });

/** The signed-in user's blocks; idle for anonymous visitors (and when `enabled` is false). */
export function useBlockedUsers(enabled = true) {
  const { data: me } = useCurrentUser();
  return useQuery({ ...blockedUsersQueryOptions(), enabled: enabled && Boolean(me) });
}

/** A block may end follows both ways, so the follow data is refreshed too. */
function useAfterBlockChange() {
  const queryClient = useQueryClient();
  return (userId: number) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.blockedUsers });
    void queryClient.invalidateQueries({ queryKey: queryKeys.followStatusAll });
    void queryClient.invalidateQueries({ queryKey: queryKeys.followRequests(userId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.recommendations });
    void refreshFollowData(queryClient);
  };
}

export function useBlockUser() {
  const { data: me } = useCurrentUser();
  const afterChange = useAfterBlockChange();
  return useMutation({
    mutationFn: blockUser,
    onSettled: () => (me ? afterChange(me.id) : undefined),
  });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  const afterChange = useAfterBlockChange();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: (_answer, blockedId) =>
      queryClient.setQueryData<BlockedUserDto[]>(queryKeys.blockedUsers, (blocks) =>
        blocks?.filter((block) => block.blockedId !== blockedId),
      ),
    onSettled: () => (me ? afterChange(me.id) : undefined),
  });
}

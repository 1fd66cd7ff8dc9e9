import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedUserDto, MessageResponse } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';
import { blockedUsersQueryKey } from './get-blocked-users';
import { useRefreshAfterBlockChange } from './refresh-after-block-change';

export const unblockUser = (blockedId: number) =>
  api.post<MessageResponse>('/api/users/unblock', { blockedId });

export function useUnblockUser() {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  const afterChange = useRefreshAfterBlockChange();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: (_answer, blockedId) =>
      queryClient.setQueryData<BlockedUserDto[]>(blockedUsersQueryKey, (blocks) =>
        blocks?.filter((block) => block.blockedId !== blockedId),
      ),
    onSettled: () => (me ? afterChange(me.id) : undefined),
  });
}

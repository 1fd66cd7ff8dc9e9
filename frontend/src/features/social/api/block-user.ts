import { useMutation } from '@tanstack/react-query';
import type { BlockedUserDto } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';
import { useRefreshAfterBlockChange } from './refresh-after-block-change';

export const blockUser = (blockedId: number) => api.post<BlockedUserDto>('/api/users/block', { blockedId });

export function useBlockUser() {
  const { data: me } = useCurrentUser();
  const afterChange = useRefreshAfterBlockChange();
  return useMutation({
    mutationFn: blockUser,
    onSettled: () => (me ? afterChange(me.id) : undefined),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';
import { safetyStatusQueryKeyAll } from './mute-user';
import { refreshFollowData } from './refresh-follow-data';

/** DELETE /api/users/{me}/followers/{followerId}: their follow of me ends; they are not told. */
export const removeFollower = (me: number, followerId: number) =>
  api.delete<MessageResponse>(`/api/users/${me}/followers/${followerId}`);

export function useRemoveFollower() {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  return useMutation({
    mutationFn: (followerId: number) => removeFollower(me?.id ?? 0, followerId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: safetyStatusQueryKeyAll });
      void refreshFollowData(queryClient);
    },
  });
}

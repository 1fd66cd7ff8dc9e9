import { useQueryClient } from '@tanstack/react-query';
import { blockedUsersQueryKey } from './get-blocked-users';
import { followRequestsQueryKey } from './get-follow-requests';
import { followStatusQueryKeyAll } from './get-follow-status';
import { recommendationsQueryKey } from './get-recommendations';
import { refreshFollowData } from './refresh-follow-data';

/** A block may end follows both ways, so the follow data is refreshed too. */
export function useRefreshAfterBlockChange() {
  const queryClient = useQueryClient();
  return (userId: number) => {
    void queryClient.invalidateQueries({ queryKey: blockedUsersQueryKey });
    void queryClient.invalidateQueries({ queryKey: followStatusQueryKeyAll });
    void queryClient.invalidateQueries({ queryKey: followRequestsQueryKey(userId) });
    void queryClient.invalidateQueries({ queryKey: recommendationsQueryKey });
    void refreshFollowData(queryClient);
  };
}

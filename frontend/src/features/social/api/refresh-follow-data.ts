import type { QueryClient } from '@tanstack/react-query';
import { followCountQueryKeyAll } from './get-follow-count';
import { followListQueryKeyAll } from './get-follow-list';
import { recommendationsQueryKey } from './get-recommendations';
import { usersListQueryKey } from './get-users';
import { userSearchQueryKeyAll } from './search-users';

/**
 * Spec 1 §7: after a follow change the users list, following, followers and both counts are
 * refreshed. Recommendations are only marked stale, so a card does not vanish under the pointer.
 */
export function refreshFollowData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: usersListQueryKey }),
    queryClient.invalidateQueries({ queryKey: userSearchQueryKeyAll }),
    queryClient.invalidateQueries({ queryKey: followListQueryKeyAll('followers') }),
    queryClient.invalidateQueries({ queryKey: followListQueryKeyAll('following') }),
    queryClient.invalidateQueries({ queryKey: followCountQueryKeyAll('followers') }),
    queryClient.invalidateQueries({ queryKey: followCountQueryKeyAll('following') }),
    queryClient.invalidateQueries({ queryKey: recommendationsQueryKey, refetchType: 'none' }),
  ]);
}

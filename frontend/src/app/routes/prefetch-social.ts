// Route loaders read feature API files directly (the app layer may, and the entry chunk then
// stays free of the features' public indexes); features use each other's index.
import type { QueryClient } from '@tanstack/react-query';
import { getCurrentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { getConversationsQueryOptions } from '@/features/messages/api/get-conversations';
import { getFollowCountQueryOptions } from '@/features/social/api/get-follow-count';
import { getFollowListQueryOptions } from '@/features/social/api/get-follow-list';
import { getFollowRequestsQueryOptions } from '@/features/social/api/get-follow-requests';
import { getRecommendationsQueryOptions } from '@/features/social/api/get-recommendations';
import { getUsersQueryOptions } from '@/features/social/api/get-users';

/**
 * The Social screen's first reads (counts, pending requests, and the open tab's list: the
 * viewer's following list and all users, or the inbox), started by its route while the screen's
 * code downloads.
 */
export async function prefetchSocial(queryClient: QueryClient, search: URLSearchParams) {
  const me = await queryClient.ensureQueryData(getCurrentUserQueryOptions());
  if (!me) return;
  void queryClient.prefetchQuery(getFollowCountQueryOptions('followers', me.id));
  void queryClient.prefetchQuery(getFollowCountQueryOptions('following', me.id));
  void queryClient.prefetchQuery(getFollowRequestsQueryOptions(me.id));
  if (search.get('tab') === 'requests') return;
  if (search.get('tab') === 'messages') {
    void queryClient.prefetchInfiniteQuery(getConversationsQueryOptions(me.id));
    return;
  }
  if (search.get('view') === 'recommended') {
    void queryClient.prefetchQuery(getRecommendationsQueryOptions());
    return;
  }
  void queryClient.prefetchInfiniteQuery(getFollowListQueryOptions('following', me.id));
  void queryClient.prefetchInfiniteQuery(getUsersQueryOptions());
}

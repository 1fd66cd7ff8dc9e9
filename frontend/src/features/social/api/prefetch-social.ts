import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/lib/auth';
import {
  followersCountQueryOptions,
  followingCountQueryOptions,
  followListQueryOptions,
} from '@/lib/follows';
import { followRequestsQueryOptions } from './follow-requests';
import { recommendationsQueryOptions } from './get-recommendations';
import { usersListQueryOptions } from './get-users';

/**
 * The Social screen's first reads (counts, pending requests, the viewer's following list and the
 * open list), started by its route while the screen's code downloads.
 */
export async function prefetchSocial(queryClient: QueryClient, search: URLSearchParams) {
  const me = await queryClient.ensureQueryData(currentUserQueryOptions());
  if (!me) return;
  void queryClient.prefetchQuery(followersCountQueryOptions(me.id));
  void queryClient.prefetchQuery(followingCountQueryOptions(me.id));
  void queryClient.prefetchQuery(followRequestsQueryOptions(me.id));
  if (search.get('tab') === 'requests') return;
  if (search.get('view') === 'recommended') {
    void queryClient.prefetchQuery(recommendationsQueryOptions());
    return;
  }
  void queryClient.prefetchInfiniteQuery(followListQueryOptions('following', me.id));
  void queryClient.prefetchInfiniteQuery(usersListQueryOptions());
}

import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/lib/auth';
import { followersCountQueryOptions, followingCountQueryOptions } from '@/lib/follows';
import { cityBadgesQueryOptions, flavorBadgesQueryOptions } from './get-user-badges';
import { userByUsernameQueryOptions } from './get-user-by-username';

function prefetchProfileOf(queryClient: QueryClient, userId: number) {
  void queryClient.prefetchQuery(followersCountQueryOptions(userId));
  void queryClient.prefetchQuery(followingCountQueryOptions(userId));
  void queryClient.prefetchQuery(flavorBadgesQueryOptions(userId));
  void queryClient.prefetchQuery(cityBadgesQueryOptions(userId));
}

/**
 * The profile screen's first reads, started by its route while the screen's code downloads
 * (fire and forget: the screen's own queries pick up the same cache entries).
 */
export async function prefetchProfile(queryClient: QueryClient, username: string | undefined) {
  const me = await queryClient.ensureQueryData(currentUserQueryOptions());
  if (!username || (me && me.username.toLowerCase() === username.toLowerCase())) {
    if (me) prefetchProfileOf(queryClient, me.id);
    return;
  }
  const user = await queryClient.fetchQuery(userByUsernameQueryOptions(username));
  prefetchProfileOf(queryClient, user.id);
}

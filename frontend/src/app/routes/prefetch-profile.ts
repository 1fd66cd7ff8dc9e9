// Route loaders read feature API files directly (the app layer may, and the entry chunk then
// stays free of the features' public indexes); features use each other's index.
import type { QueryClient } from '@tanstack/react-query';
import { getCurrentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { getCityBadgesQueryOptions } from '@/features/badges/api/get-city-badges';
import { getFlavorBadgesQueryOptions } from '@/features/badges/api/get-flavor-badges';
import { getUserByUsernameQueryOptions } from '@/features/profile/api/get-user-by-username';
import { getFollowCountQueryOptions } from '@/features/social/api/get-follow-count';

function prefetchProfileOf(queryClient: QueryClient, userId: number) {
  void queryClient.prefetchQuery(getFollowCountQueryOptions('followers', userId));
  void queryClient.prefetchQuery(getFollowCountQueryOptions('following', userId));
  void queryClient.prefetchQuery(getFlavorBadgesQueryOptions(userId));
  void queryClient.prefetchQuery(getCityBadgesQueryOptions(userId));
}

/**
 * The profile screen's first reads, started by its route while the screen's code downloads
 * (fire and forget: the screen's own queries pick up the same cache entries).
 */
export async function prefetchProfile(queryClient: QueryClient, username: string | undefined) {
  const me = await queryClient.ensureQueryData(getCurrentUserQueryOptions());
  if (!username || (me && me.username.toLowerCase() === username.toLowerCase())) {
    if (me) prefetchProfileOf(queryClient, me.id);
    return;
  }
  const user = await queryClient.fetchQuery(getUserByUsernameQueryOptions(username));
  prefetchProfileOf(queryClient, user.id);
}

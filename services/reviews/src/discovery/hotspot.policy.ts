import { DISCOVERY_LIMITS, type CheckedInFriendDto, type LiveHotspotDto } from '@dinebuds/contracts';
import type { RestaurantSummaryDto } from '@dinebuds/contracts';

/** One bud's open check-in at a place, with how busy the place is. */
export interface OpenCheckIn {
  restaurant: RestaurantSummaryDto;
  friend: Omit<CheckedInFriendDto, 'checkedInAt'> & { checkedInAt: Date };
  checkedInNow: number;
  checkInsLastHour: number;
}

/**
 * Live hotspots: the places where your buds are checked in now, grouped, the latest check-in
 * first within each; most buds first, then the busiest last hour, then the lower id; at most
 * DISCOVERY_LIMITS.hotspotsMax.
 */
export function liveHotspots(
  open: OpenCheckIn[],
  max: number = DISCOVERY_LIMITS.hotspotsMax,
): LiveHotspotDto[] {
  const byPlace = new Map<number, { spot: LiveHotspotDto; times: number[] }>();
  for (const c of open) {
    let entry = byPlace.get(c.restaurant.id);
    if (!entry) {
      entry = {
        spot: {
          ...c.restaurant,
          checkedInFriends: [],
          checkedInNow: c.checkedInNow,
          checkInsLastHour: c.checkInsLastHour,
        },
        times: [],
      };
      byPlace.set(c.restaurant.id, entry);
    }
    entry.spot.checkedInFriends.push({ ...c.friend, checkedInAt: c.friend.checkedInAt.toISOString() });
  }
  for (const { spot } of byPlace.values())
    spot.checkedInFriends.sort((a, b) => b.checkedInAt.localeCompare(a.checkedInAt) || a.user.id - b.user.id);
  return [...byPlace.values()]
    .map((e) => e.spot)
    .sort(
      (a, b) =>
        b.checkedInFriends.length - a.checkedInFriends.length ||
        b.checkInsLastHour - a.checkInsLastHour ||
        a.id - b.id,
    )
    .slice(0, max);
}

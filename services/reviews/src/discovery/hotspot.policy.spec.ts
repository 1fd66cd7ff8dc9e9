import { describe, expect, it } from '@jest/globals';
import type { RestaurantSummaryDto } from '@dinebuds/contracts';
import { liveHotspots, type OpenCheckIn } from './hotspot.policy.js';

const place = (id: number): RestaurantSummaryDto => ({
  id,
  name: `Place ${id}`,
  address: `${id} Main St, Chicago`,
  city: 'Chicago',
  latitude: null,
  longitude: null,
  locationApproximate: true,
  photoUrl: `/api/restaurants/${id}/photo?v=0`,
});
const open = (restaurant: number, user: number, minute: number, lastHour = 1): OpenCheckIn => ({
  restaurant: place(restaurant),
  friend: {
    user: { id: user, username: `u${user}`, name: `U ${user}`, profilePicture: null },
    checkedInAt: new Date(Date.UTC(2026, 0, 1, 12, minute)),
    status: null,
  },
  checkedInNow: 3,
  checkInsLastHour: lastHour,
});

describe('live hotspots', () => {
  it('groups buds by place: most buds first, then the busiest last hour, then the id', () => {
    const spots = liveHotspots([open(1, 10, 0, 9), open(2, 11, 5), open(2, 12, 10), open(3, 13, 0, 4)]);
    expect(spots.map((s) => [s.id, s.checkedInFriends.map((f) => f.user.id), s.checkInsLastHour])).toEqual([
      [2, [12, 11], 1],
      [1, [10], 9],
      [3, [13], 4],
    ]);
    expect(spots[0].checkedInFriends[0].checkedInAt).toBe('2026-01-01T12:10:00.000Z');
  });

  it('answers at most `max` places', () => {
    expect(liveHotspots([open(1, 10, 0), open(2, 11, 0), open(3, 12, 0)], 2)).toHaveLength(2);
  });
});

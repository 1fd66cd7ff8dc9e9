import { describe, expect, it } from '@jest/globals';
import { rankColor, type RestaurantSummaryDto } from '@dinebuds/contracts';
import { rankRestaurants, type BudReview, type RankCandidate } from './ranking.policy.js';

const place = (
  id: number,
  latitude: number | null = null,
  longitude: number | null = null,
): RestaurantSummaryDto => ({
  id,
  name: `Place ${id}`,
  address: `${id} Main St, New York`,
  city: 'New York',
  latitude,
  longitude,
  locationApproximate: false,
  photoUrl: `/api/restaurants/${id}/photo?v=0`,
});
const bud = (id: number, rating: number, day: number, tasteMatch: number | null = null): BudReview => ({
  user: { id, username: `bud${id}`, name: `Bud ${id}`, profilePicture: null },
  rating,
  reviewedAt: new Date(Date.UTC(2026, 0, day)),
  visitDate: null,
  tasteMatch,
});
const candidate = (restaurant: RestaurantSummaryDto, ...reviews: BudReview[]): RankCandidate => ({
  restaurant,
  reviews,
});
const options = { sort: 'top-rated' as const, origin: null, cityName: 'New York' };

describe('ranking restaurants by buds', () => {
  it('top rated: the mean of the buds, then more buds, then the newer review, then the id', () => {
    const ranked = rankRestaurants(
      [
        candidate(place(1), bud(10, 4, 1)),
        candidate(place(2), bud(10, 5, 1), bud(11, 4, 2)),
        candidate(place(3), bud(11, 5, 3)),
        candidate(place(4), bud(10, 4, 1), bud(11, 4, 1)),
        candidate(place(5)),
      ],
      options,
    );
    expect(ranked.map((r) => [r.id, r.rank, r.rating, r.friendReviewCount])).toEqual([
      [3, 1, 5, 1],
      [2, 2, 4.5, 2],
      [4, 3, 4, 2],
      [1, 4, 4, 1],
    ]);
    expect(ranked.map((r) => r.colorRating)).toEqual(['green', 'light-green', 'light-green', 'yellow']);
    expect(ranked[1].why).toEqual({
      sort: 'top-rated',
      ratingFormula: 'mean',
      exactRating: 4.5,
      weightTotal: 2,
      orderedBy: ['rating desc', 'friendReviewCount desc', 'latestReviewAt desc', 'id asc'],
      distanceKm: null,
      outOf: 4,
      summary: "#2 of 4 in New York by top rated: mean of 2 buds' ratings (4, 5) = 4.5",
    });
    expect(ranked[1].budReviews.map((r) => [r.user.id, r.rating, r.weight])).toEqual([
      [11, 4, 1],
      [10, 5, 1],
    ]);
  });

  it('most visited: the number of buds first', () => {
    const ranked = rankRestaurants(
      [candidate(place(1), bud(10, 5, 1)), candidate(place(2), bud(10, 3, 1), bud(11, 3, 1))],
      { ...options, sort: 'most-visited' },
    );
    expect(ranked.map((r) => r.id)).toEqual([2, 1]);
    expect(ranked[0].why.summary).toBe(
      "#1 of 2 in New York by most visited: 2 buds reviewed it; mean of 2 buds' ratings (3, 3) = 3",
    );
  });

  it('near you: the closest first, places without coordinates last', () => {
    const ranked = rankRestaurants(
      [
        candidate(place(1), bud(10, 5, 1)),
        candidate(place(2, 40.8, -73.95), bud(10, 3, 1)),
        candidate(place(3, 40.7128, -74.006), bud(10, 2, 1)),
      ],
      { ...options, sort: 'near-you', origin: { latitude: 40.7128, longitude: -74.006 } },
    );
    expect(ranked.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(ranked[0].why.distanceKm).toBe(0);
    expect(ranked[2].why.distanceKm).toBeNull();
  });

  it('buds like me: each rating weighs the taste match (unknown 0.5)', () => {
    // Place 1: 5 from a 20% match and 1 from a 100% match: (5×0.2 + 1×1) / 1.2 = 1.667.
    // Place 2: 3 from a bud without a match: 3.
    const ranked = rankRestaurants(
      [candidate(place(1), bud(10, 5, 1, 20), bud(11, 1, 1, 100)), candidate(place(2), bud(12, 3, 1))],
      { ...options, sort: 'buds-like-me' },
    );
    expect(ranked.map((r) => [r.id, r.rating])).toEqual([
      [2, 3],
      [1, 1.7],
    ]);
    expect(ranked[1].why.exactRating).toBe(1.667);
    expect(ranked[1].why.weightTotal).toBe(1.2);
    expect(ranked[1].why.ratingFormula).toBe('taste-weighted-mean');
    expect(ranked[1].budReviews.map((r) => r.weight).sort()).toEqual([0.2, 1]);
  });

  it('caps the list and colours by rank as spec 2 says', () => {
    const many = Array.from({ length: 12 }, (_, i) => candidate(place(i + 1), bud(10, 5, i + 1)));
    const ranked = rankRestaurants(many, { ...options, max: 10 });
    expect(ranked).toHaveLength(10);
    expect(ranked[9].why.outOf).toBe(12);
    expect([1, 2, 3, 4, 6, 7, 9, 10, 40].map(rankColor)).toEqual([
      'green',
      'light-green',
      'light-green',
      'yellow',
      'yellow',
      'orange',
      'orange',
      'red',
      'red',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Caller, ReviewDto } from '@dinebuds/contracts';
import { createEnvelope } from '@dinebuds/events';
import { createTestSystem, eventually, query, type TestSystem } from '@dinebuds/testing';
import { startTestReviews, type TestReviews } from './reviews-test-kit.js';

const caller = (userId: number, isAdmin = false): Caller => ({ userId, isAdmin, sessionId: null });
const ANN = caller(601);
const BOB = caller(602);
const CAT = caller(603);
const ADMIN = caller(900, true);

interface Rating {
  restaurant_id: number;
  review_count: number;
  rating_sum: number;
}

/**
 * The maintained per-restaurant rating (reviews.restaurant_ratings, kept by triggers) against real
 * PostgreSQL: after every kind of write it equals the count and sum recomputed from the reviews
 * themselves, and the restaurant page reads its average from it.
 */
describe('restaurant ratings: the maintained aggregate never drifts', () => {
  let system: TestSystem;
  let reviews: TestReviews;

  const review = (who: Caller, restaurantName: string, address: string, rating: number): Promise<ReviewDto> =>
    reviews.client.call('reviews.create', { restaurantName, address, rating }, who);
  const maintained = () =>
    query<Rating>(
      system.db.url,
      `SELECT restaurant_id, review_count, rating_sum::int AS rating_sum FROM reviews.restaurant_ratings
       WHERE review_count > 0 ORDER BY restaurant_id`,
    );
  const recomputed = () =>
    query<Rating>(
      system.db.url,
      `SELECT restaurant_id, COUNT(*)::int AS review_count, SUM(rating)::int AS rating_sum
       FROM reviews.reviews GROUP BY restaurant_id ORDER BY restaurant_id`,
    );
  const expectNoDrift = async () => expect(await maintained()).toEqual(await recomputed());
  const detail = (restaurantId: number) => reviews.client.call('restaurants.detail', { restaurantId }, ANN);

  beforeAll(async () => {
    system = await createTestSystem('reviews_restaurant_ratings');
    reviews = await system.own(startTestReviews(system.db.url, system.bus));
  }, 60_000);

  afterAll(async () => {
    await system?.close();
  });

  it('follows create, update, move, delete, a merge and an account deletion', async () => {
    const annsOld = await review(ANN, 'Noodle Bar', '5 Elm St, Austin, TX', 2);
    const bobs = await review(BOB, 'Noodle Bar', '5 Elm St, Austin, TX', 5);
    const cats = await review(CAT, 'Noodle Bar', '5 Elm St, Austin, TX', 4);
    const annsNew = await review(ANN, 'Noodle Bar Express', '5 Elm Street, Austin, TX', 3);
    const removed = annsOld.restaurantId;
    const kept = annsNew.restaurantId;
    expect(await maintained()).toEqual([
      { restaurant_id: removed, review_count: 3, rating_sum: 11 },
      { restaurant_id: kept, review_count: 1, rating_sum: 3 },
    ]);
    expect(await detail(removed)).toMatchObject({ averageRating: 3.7, totalReviews: 3 });

    await reviews.client.call('reviews.update', { reviewId: bobs.id, rating: 1 }, BOB);
    await reviews.client.call('reviews.update', { reviewId: cats.id, notes: 'Only the notes change' }, CAT);
    expect(await maintained()).toEqual([
      { restaurant_id: removed, review_count: 3, rating_sum: 7 },
      { restaurant_id: kept, review_count: 1, rating_sum: 3 },
    ]);

    // Moving a review to another place takes it from one aggregate to the other.
    const moved = await reviews.client.call(
      'reviews.update',
      { reviewId: cats.id, restaurantName: 'Taco Stand', address: '9 Oak Ave, Austin, TX', rating: 5 },
      CAT,
    );
    expect(moved.restaurantId).not.toBe(removed);
    await expectNoDrift();
    expect(await maintained()).toContainEqual({
      restaurant_id: moved.restaurantId,
      review_count: 1,
      rating_sum: 5,
    });

    await reviews.client.call('reviews.delete', { reviewId: cats.id }, CAT);
    await expectNoDrift();
    expect(await detail(moved.restaurantId)).toMatchObject({ averageRating: null, totalReviews: 0 });

    // The merge deletes Ann's older double review and moves Bob's to the kept place.
    await reviews.client.call('restaurants.merge', { restaurantId: removed, keepId: kept }, ADMIN);
    await expectNoDrift();
    expect(await maintained()).toEqual([{ restaurant_id: kept, review_count: 2, rating_sum: 4 }]);
    expect(await detail(kept)).toMatchObject({ averageRating: 2, totalReviews: 2 });

    // Bob deletes his account: identity's event removes his reviews, and their share of the rating.
    await system.bus.publish(
      createEnvelope(
        'identity.user.deleted',
        { userId: BOB.userId },
        { producer: 'identity', aggregateVersion: 9 },
      ),
    );
    await eventually(
      async () =>
        (await query(system.db.url, 'SELECT 1 FROM reviews.reviews WHERE user_id = $1', [BOB.userId]))
          .length === 0,
      15_000,
    );
    await expectNoDrift();
    expect(await detail(kept)).toMatchObject({ averageRating: 3, totalReviews: 1 });
  });
});

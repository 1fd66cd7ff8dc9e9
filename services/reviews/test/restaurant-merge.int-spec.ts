import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Caller, EventEnvelope, EventType, ReviewDto } from '@dinebuds/contracts';
import { InProcessEventBus, silentEventsLogger } from '@dinebuds/events';
import { createTestDatabase, query, type TestDatabase } from '@dinebuds/testing';
import { startTestReviews, type TestReviews } from './reviews-test-kit.js';

const caller = (userId: number, isAdmin = false): Caller => ({ userId, isAdmin, sessionId: null });
const ANN = caller(501);
const BOB = caller(502);
const ADMIN = caller(900, true);

/**
 * A restaurant merge against real PostgreSQL writes the events every consumer needs, in its one
 * transaction: the older review of a person who reviewed both deleted (reviews.review.deleted,
 * version + 1), the others moved (reviews.review.updated with the kept entry and its city), saves
 * as unsaved / saved of the person's saved list, and one admin.action.recorded.
 */
describe('restaurants.merge: its events', () => {
  let db: TestDatabase;
  let reviews: TestReviews;

  const review = (who: Caller, restaurantName: string, address: string, rating: number): Promise<ReviewDto> =>
    reviews.client.call('reviews.create', { restaurantName, address, rating }, who);
  const outbox = async <T extends EventType>(type: T) =>
    (
      await query<{ payload: EventEnvelope<T> }>(
        db.url,
        'SELECT payload FROM reviews.outbox WHERE type = $1 ORDER BY seq',
        [type],
      )
    ).map((row) => row.payload);

  beforeAll(async () => {
    db = await createTestDatabase('reviews_restaurant_merge');
    const bus = new InProcessEventBus({ logger: silentEventsLogger, topology: [] });
    reviews = await startTestReviews(db.url, bus);
  }, 60_000);

  afterAll(async () => {
    await reviews?.stop();
    await db?.drop();
  });

  it('deletes the older of a double review, moves the rest and their saves, with their events', async () => {
    const annsOld = await review(ANN, 'Taco Town', '1 Mesa Rd, Austin, TX', 2);
    const bobs = await review(BOB, 'Taco Town', '1 Mesa Rd, Austin, TX', 5);
    const annsNew = await review(ANN, 'Taco Town Cantina', '1 Mesa Road, Austin, TX', 4);
    const removed = annsOld.restaurantId;
    const kept = annsNew.restaurantId;
    for (const [who, restaurantId] of [
      [ANN, removed],
      [ANN, kept],
      [BOB, removed],
    ] as const)
      await reviews.client.call('saved.save', { restaurantId }, who);

    await expect(
      reviews.client.call('restaurants.merge', { restaurantId: removed, keepId: kept }, BOB),
    ).rejects.toMatchObject({ status: 403, message: 'Only admins can do this' });

    await expect(
      reviews.client.call('restaurants.merge', { restaurantId: removed, keepId: kept }, ADMIN),
    ).resolves.toEqual({
      keptId: kept,
      removedId: removed,
      movedReviews: 1,
      deletedReviews: 1,
      movedSaves: 1,
      movedCheckIns: 0,
    });

    const deleted = await outbox('reviews.review.deleted');
    expect(deleted.map((e) => [e.data, e.aggregateVersion])).toEqual([
      [{ reviewId: annsOld.id, userId: ANN.userId, restaurantId: removed, city: 'austin' }, 2],
    ]);
    const updated = await outbox('reviews.review.updated');
    expect(updated.map((e) => [e.data, e.aggregateVersion])).toEqual([
      [
        {
          reviewId: bobs.id,
          userId: BOB.userId,
          restaurantId: kept,
          rating: 5,
          city: 'austin',
          createdAt: bobs.createdAt,
        },
        2,
      ],
    ]);
    const unsaved = (await outbox('reviews.restaurant.unsaved')).map((e) => [
      e.data.userId,
      e.data.restaurantId,
    ]);
    expect(unsaved).toEqual([
      [ANN.userId, removed],
      [BOB.userId, removed],
    ]);
    const saved = (await outbox('reviews.restaurant.saved')).map((e) => [e.data.userId, e.data.restaurantId]);
    expect(saved.slice(-1)).toEqual([[BOB.userId, kept]]);
    const actions = await outbox('admin.action.recorded');
    expect(actions.map((e) => e.data)).toEqual([
      {
        actionId: expect.any(String),
        action: 'restaurants.merged',
        actorId: ADMIN.userId,
        targetType: 'restaurant',
        targetId: kept,
        subjectUserId: null,
        reason: `Merged #${removed} "Taco Town" into #${kept}`,
      },
    ]);

    const rows = await query<{ id: number; restaurant_id: number; version: number }>(
      db.url,
      'SELECT id, restaurant_id, version FROM reviews.reviews ORDER BY id',
    );
    expect(rows).toEqual([
      { id: bobs.id, restaurant_id: kept, version: 2 },
      { id: annsNew.id, restaurant_id: kept, version: 1 },
    ]);
    expect(await query(db.url, 'SELECT 1 FROM reviews.restaurants WHERE id = $1', [removed])).toEqual([]);
  });
});

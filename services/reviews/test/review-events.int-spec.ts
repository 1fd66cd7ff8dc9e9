import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  cityKey,
  EVENT_CATALOGUE,
  type Caller,
  type EventEnvelope,
  type ReviewDto,
} from '@dinebuds/contracts';
import { InProcessEventBus, silentEventsLogger } from '@dinebuds/events';
import { createTestDatabase, eventually, query, type TestDatabase } from '@dinebuds/testing';
import { startTestReviews, type TestReviews } from './reviews-test-kit.js';

/**
 * The `reviews.review.created` envelope consumers get, whichever way it was written: a review of a
 * known place goes in one statement with its event (ServiceEvents.statementEvent), the first review
 * of a place through a transaction (ServiceEvents.record). The one-statement event is published at
 * once although no transaction's commit hook sees it.
 */
describe('reviews.review.created as consumers get it', () => {
  let db: TestDatabase;
  let bus: InProcessEventBus;
  let reviews: TestReviews;
  const caller: Caller = { userId: 4242, isAdmin: false, sessionId: null };

  const create = (restaurantName: string, address: string, rating = 4): Promise<ReviewDto> =>
    reviews.client.call('reviews.create', { restaurantName, address, rating, notes: 'ok' }, caller);
  const outboxRowOf = async (reviewId: number) =>
    query<{ id: string; type: string; payload: EventEnvelope<'reviews.review.created'>; created_at: Date }>(
      db.url,
      `SELECT id, type, payload, created_at FROM reviews.outbox
       WHERE type = 'reviews.review.created' AND (payload->'data'->>'reviewId')::int = $1`,
      [reviewId],
    );
  /** The contract's data for the review answered (ReviewChangedEvent). */
  const expectedData = (review: ReviewDto) => ({
    reviewId: review.id,
    userId: review.userId,
    restaurantId: review.restaurantId,
    rating: review.rating,
    city: review.restaurant.city === null ? null : cityKey(review.restaurant.city),
    createdAt: review.createdAt,
  });

  beforeAll(async () => {
    db = await createTestDatabase('reviews_created_event');
    // No consumer wants the events here: published means handed to the bus.
    bus = new InProcessEventBus({ logger: silentEventsLogger, topology: [] });
    // A relay that would wait ten minutes between rounds: only a nudge publishes in time.
    reviews = await startTestReviews(db.url, bus, { relayIntervalMs: 600_000 });
  }, 60_000);

  afterAll(async () => {
    await reviews?.stop();
    await db?.drop();
  });

  it('writes the contract’s envelope on both paths, for places in several cities', async () => {
    const places: Array<[string, string]> = [
      ['Lou Malnati’s', '439 N Wells St, Chicago, IL 60654'],
      ['Joe’s Pizza', '7 Carmine St, New York, NY 10014'],
      ['Bar Mané', 'Rua Augusta 1000, São Paulo'],
      ['Contramar', 'Calle de Durango 200, Ciudad de México'],
    ];
    for (const [name, address] of places) {
      const first = await create(name, address, 5); // a new place: the transaction path
      const repeats = [];
      for (let i = 0; i < 5; i++) repeats.push(await create(name, address, 1 + i)); // one statement
      for (const review of [first, ...repeats]) {
        const rows = await outboxRowOf(review.id);
        expect(rows).toHaveLength(1);
        const [{ id, type, payload, created_at }] = rows;
        expect(payload).toEqual({
          id,
          type: 'reviews.review.created',
          version: EVENT_CATALOGUE['reviews.review.created'].schemaVersion,
          occurredAt: created_at.toISOString(),
          producer: 'reviews',
          requestId: expect.any(String),
          aggregateVersion: 1,
          data: expectedData(review),
        });
        expect(type).toBe(payload.type);
      }
      // The one-statement path was taken: the repeats share the first review's restaurant.
      expect(new Set(repeats.map((r) => r.restaurantId))).toEqual(new Set([first.restaurantId]));
    }
  });

  it('gives the city as its key even where a stored restaurant spells it otherwise', async () => {
    await query(
      db.url,
      `INSERT INTO reviews.restaurants (name, address, name_key, address_key, city, location_approximate)
       VALUES ('Legacy Diner', '5 Old Rd, Boston', 'legacy diner', '5 old rd boston', '  Boston   Back Bay ', true)`,
    );
    const review = await create('Legacy Diner', '5 Old Rd, Boston');
    const [{ payload }] = await outboxRowOf(review.id);
    expect(payload.data.city).toBe('boston back bay');
    expect(payload.data).toEqual({ ...expectedData(review), city: cityKey('  Boston   Back Bay ') });
  });

  it('publishes the one-statement event at once (the relay is nudged)', async () => {
    await create('Nudge Diner', '1 Wall St, New York, NY', 3);
    await eventually(async () => (await pendingCreatedEvents()) === 0, 5_000);
    const review = await create('Nudge Diner', '1 Wall St, New York, NY', 4);
    await eventually(async () => (await pendingCreatedEvents()) === 0, 5_000);
    expect(await outboxRowOf(review.id)).toHaveLength(1);
  });

  const pendingCreatedEvents = async () =>
    (
      await query<{ n: number }>(
        db.url,
        `SELECT count(*)::int AS n FROM reviews.outbox WHERE type = 'reviews.review.created' AND published_at IS NULL`,
      )
    )[0].n;
});

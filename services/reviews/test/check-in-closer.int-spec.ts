import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Caller, EventEnvelope } from '@dinebuds/contracts';
import { RabbitMqEventBus, silentEventsLogger, type Subscription } from '@dinebuds/events';
import {
  closeTestBus,
  createTestDatabase,
  eventually,
  query,
  TEST_AMQP_URL,
  type TestDatabase,
} from '@dinebuds/testing';
import { startTestReviews, type TestReviews } from './reviews-test-kit.js';

const caller = (userId: number): Caller => ({ userId, isAdmin: false, sessionId: null });
const ANN = caller(711);
const BOB = caller(712);

/**
 * The job that closes check-ins nobody checked out (CheckInCloserService), on real PostgreSQL and
 * RabbitMQ, running every second: a check-in begun 5 hours ago is closed at its closing time and
 * its reviews.checkin.ended reaches the broker exactly once, however many runs follow; a check-in
 * begun now is left open.
 */
describe('expired check-ins close by themselves', () => {
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const exchange = `test.checkin-closer.${suffix}`;
  const deadLetterExchange = `${exchange}.dlx`;
  const queues = { reviews: `reviews.${suffix}.events`, observer: `observer.${suffix}.events` };
  let db: TestDatabase;
  let bus: RabbitMqEventBus;
  let reviews: TestReviews;
  let observer: Subscription | undefined;
  const ended: EventEnvelope<'reviews.checkin.ended'>[] = [];

  const row = async (id: number) =>
    (
      await query<{ is_active: boolean; closed_after_hours: number | null }>(
        db.url,
        `SELECT is_active, extract(epoch FROM checked_out_at - checked_in_at)::float / 3600 AS closed_after_hours
         FROM reviews.check_ins WHERE id = $1`,
        [id],
      )
    )[0];
  const endedOf = (id: number) => ended.filter((e) => e.data.checkInId === id);

  beforeAll(async () => {
    db = await createTestDatabase('reviews_checkin_closer');
    bus = await RabbitMqEventBus.connect({
      url: TEST_AMQP_URL,
      exchange,
      deadLetterExchange,
      retryDelayMs: 200,
      connectionName: 'checkin-closer-test',
      logger: silentEventsLogger,
    });
    observer = await bus.subscribe({
      queue: queues.observer,
      types: ['reviews.checkin.ended'],
      handler: async (envelope) => {
        ended.push(envelope);
      },
    });
    reviews = await startTestReviews(db.url, bus, {
      eventsQueue: queues.reviews,
      checkInCloseIntervalSeconds: 1,
    });
  }, 60_000);

  afterAll(async () => {
    await reviews?.stop();
    // A queue deleted under its consumer would close the bus's connection.
    await observer?.cancel();
    await closeTestBus(bus, { queues: Object.values(queues), exchanges: [exchange, deadLetterExchange] });
    await db?.drop();
  });

  it('closes the expired check-in at its closing time, publishes its end once, and leaves the fresh one open', async () => {
    const { restaurantId } = await reviews.client.call(
      'reviews.create',
      { restaurantName: 'Lantern Noodle House', address: '18 Pine St, Austin, TX', rating: 4 },
      ANN,
    );
    const old = await reviews.client.call('checkIns.checkIn', { restaurantId, status: 'Lunch' }, ANN);
    const fresh = await reviews.client.call('checkIns.checkIn', { restaurantId }, BOB);
    // Ann's visit began 5 hours ago: past its 4-hour closing time.
    await query(
      db.url,
      `UPDATE reviews.check_ins SET checked_in_at = now() - interval '5 hours' WHERE id = $1`,
      [old.id],
    );

    await eventually(async () => !(await row(old.id)).is_active, 20_000);
    expect(await row(old.id)).toEqual({ is_active: false, closed_after_hours: 4 });
    await eventually(async () => endedOf(old.id).length > 0, 20_000);
    // Several more runs of the job (one a second) change nothing and publish nothing.
    await new Promise((resolve) => setTimeout(resolve, 3_500));

    expect(endedOf(old.id)).toHaveLength(1);
    expect(endedOf(old.id)[0]).toMatchObject({
      type: 'reviews.checkin.ended',
      aggregateVersion: 2,
      data: { checkInId: old.id, userId: ANN.userId, restaurantId, status: 'Lunch' },
    });
    const { data } = endedOf(old.id)[0];
    expect(Date.parse(data.checkedOutAt!) - Date.parse(data.checkedInAt)).toBe(4 * 60 * 60 * 1000);
    expect(
      await query(db.url, `SELECT 1 FROM reviews.outbox WHERE type = 'reviews.checkin.ended'`),
    ).toHaveLength(1);

    expect(await row(fresh.id)).toEqual({ is_active: true, closed_after_hours: null });
    expect(endedOf(fresh.id)).toEqual([]);
    expect((await reviews.client.call('checkIns.current', {}, BOB)).checkIn?.id).toBe(fresh.id);
    expect((await reviews.client.call('checkIns.current', {}, ANN)).checkIn).toBeNull();
  }, 60_000);
});

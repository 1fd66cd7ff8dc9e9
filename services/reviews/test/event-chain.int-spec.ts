import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { reviewLevelFor, type EventEnvelope } from '@dinebuds/contracts';
import { RabbitMqEventBus, silentEventsLogger } from '@dinebuds/events';
import { startIdentityService } from '@dinebuds/identity';
import { startSocialGraphService } from '@dinebuds/social-graph';
import {
  closeTestBus,
  createTestDatabase,
  eventually,
  query,
  registerUser,
  startIdentityForTest,
  startTestService,
  TEST_AMQP_URL,
  type IdentityRpcMap,
  type TestDatabase,
  type TestService,
  type TestUser,
} from '@dinebuds/testing';
import { startTestReviews, type TestReviews } from './reviews-test-kit.js';

/**
 * Distributed mode on a real RabbitMQ (a test exchange and queues of its own): reviews ->
 * identity's reviewCount, level and city badges; an edit that changes the city moves the badge
 * count; a deletion takes it back; the same event delivered twice (and an older version after a
 * newer one) changes nothing. Also reviews' privacy projection fed by identity and social-graph.
 */
describe('reviews events through RabbitMQ', () => {
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const exchange = `test.reviews.${suffix}`;
  const deadLetterExchange = `${exchange}.dlx`;
  const queues = {
    social: `social-graph.${suffix}.events`,
    reviews: `reviews.${suffix}.events`,
    identity: `identity.${suffix}.events`,
  };
  let db: TestDatabase;
  let bus: RabbitMqEventBus;
  let identity: TestService<Awaited<ReturnType<typeof startIdentityService>>, IdentityRpcMap>;
  let social: { stop(): Promise<void>; client: { call: (...args: never[]) => Promise<unknown> } };
  let socialCall: (pattern: string, body: unknown, caller: TestUser['caller']) => Promise<unknown>;
  let reviews: TestReviews;

  const profile = async (userId: number) =>
    (
      await query<{ review_count: number }>(db.url, 'SELECT review_count FROM identity.users WHERE id = $1', [
        userId,
      ])
    )[0].review_count;
  const cityBadges = async (userId: number) =>
    Object.fromEntries(
      (
        await query<{ city: string; review_count: number; level: string }>(
          db.url,
          'SELECT city, review_count, level FROM identity.city_badges WHERE user_id = $1 ORDER BY city',
          [userId],
        )
      ).map((b) => [b.city, { count: b.review_count, level: b.level }]),
    );
  /** Every reviews.* event written so far has been applied by identity. */
  const identityCaughtUp = async () =>
    (
      await query(
        db.url,
        `SELECT o.id FROM reviews.outbox o WHERE o.type LIKE 'reviews.review.%'
         AND NOT EXISTS (SELECT 1 FROM identity.inbox i WHERE i.event_id = o.id)`,
      )
    ).length === 0;
  const projected = async (userId: number) =>
    (await query(db.url, 'SELECT 1 FROM reviews.users WHERE id = $1', [userId])).length === 1;

  beforeAll(async () => {
    db = await createTestDatabase('reviews_chain');
    bus = await RabbitMqEventBus.connect({
      url: TEST_AMQP_URL,
      exchange,
      deadLetterExchange,
      retryDelayMs: 200,
      connectionName: 'reviews-chain-test',
      logger: silentEventsLogger,
    });
    const startedSocial = await startTestService(startSocialGraphService, {
      name: 'social-graph',
      databaseUrl: db.url,
      bus,
      options: { relayIntervalMs: 50, eventsQueue: queues.social },
    });
    social = startedSocial as never;
    socialCall = (pattern, body, caller) =>
      (
        startedSocial.client as unknown as { call: (p: string, b: unknown, c: unknown) => Promise<unknown> }
      ).call(pattern, body, caller);
    reviews = await startTestReviews(db.url, bus, { eventsQueue: queues.reviews });
    identity = await startIdentityForTest(startIdentityService, db.url, bus, {
      eventsQueue: queues.identity,
      relayIntervalMs: 50,
    });
  }, 60_000);

  afterAll(async () => {
    await identity?.stop();
    await reviews?.stop();
    await social?.stop();
    await closeTestBus(bus, { queues: Object.values(queues), exchanges: [exchange, deadLetterExchange] });
    await db?.drop();
  });

  it('review -> reviewCount and city badge; edit the city -> the count moves; delete -> back; repeats change nothing', async () => {
    const ann = await registerUser(identity, { name: 'Ann Critic', cityBuds: ['Chicago', 'New York'] });
    await eventually(() => projected(ann.id), 20_000);

    const review = await reviews.client.call(
      'reviews.create',
      {
        restaurantName: 'Lou Malnati’s',
        address: '439 N Wells St, Chicago, IL 60654',
        rating: 5,
        notes: 'Cozy and delicious',
      },
      ann.caller,
    );
    expect(review.restaurant).toMatchObject({
      city: 'Chicago',
      locationApproximate: true,
      latitude: 41.8781,
    });
    await eventually(async () => (await profile(ann.id)) === 1, 20_000);
    expect(await cityBadges(ann.id)).toEqual({
      chicago: { count: 1, level: 'bronze' },
      'new york': { count: 0, level: 'bronze' },
    });

    // Same review, moved to a New York place: the Chicago count goes to New York.
    await reviews.client.call(
      'reviews.update',
      { reviewId: review.id, restaurantName: "Joe's Pizza", address: '7 Carmine St, New York, NY 10014' },
      ann.caller,
    );
    await eventually(async () => (await cityBadges(ann.id))['new york'].count === 1, 20_000);
    expect(await cityBadges(ann.id)).toEqual({
      chicago: { count: 0, level: 'bronze' },
      'new york': { count: 1, level: 'bronze' },
    });
    expect(await profile(ann.id)).toBe(1);

    // Every event delivered again (same ids: the inbox), and the created event again under a
    // new id (an old version arriving late: the review's version) change nothing.
    const outbox = await query<{ id: string; type: string; payload: unknown }>(
      db.url,
      `SELECT * FROM reviews.outbox WHERE type LIKE 'reviews.review.%' ORDER BY seq`,
    );
    const envelopes = outbox.map((row) => envelopeOf(row));
    for (const envelope of envelopes) await bus.publish(envelope);
    await bus.publish({ ...envelopes[0], id: crypto.randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await eventually(identityCaughtUp, 20_000);
    expect(await profile(ann.id)).toBe(1);
    expect(await cityBadges(ann.id)).toEqual({
      chicago: { count: 0, level: 'bronze' },
      'new york': { count: 1, level: 'bronze' },
    });

    await reviews.client.call('reviews.delete', { reviewId: review.id }, ann.caller);
    await eventually(async () => (await profile(ann.id)) === 0, 20_000);
    expect(await cityBadges(ann.id)).toEqual({
      chicago: { count: 0, level: 'bronze' },
      'new york': { count: 0, level: 'bronze' },
    });
  }, 90_000);

  it('20 reviews in a city: reviewCount 20, the review level title, a silver city badge (also for a badge chosen later)', async () => {
    const bea = await registerUser(identity, { name: 'Bea Eater', cityBuds: ['Austin'] });
    await eventually(() => projected(bea.id), 20_000);
    for (let i = 0; i < 20; i++)
      await reviews.client.call(
        'reviews.create',
        { restaurantName: `Taco Stand ${i}`, address: `${i} Congress Ave, Austin, TX`, rating: 4 },
        bea.caller,
      );
    await eventually(async () => (await profile(bea.id)) === 20, 30_000);
    expect(await cityBadges(bea.id)).toEqual({ austin: { count: 20, level: 'silver' } });
    const user = await identity.client.call('users.get', { id: bea.id });
    expect(reviewLevelFor(user.reviewCount).title).toBe('Flavor Explorer');

    // A badge chosen after the reviews takes their count at once.
    await identity.client.call(
      'badges.setCity',
      {
        userId: bea.id,
        badges: [
          { city: 'Austin', level: 'bronze' },
          { city: 'Denver', level: 'bronze' },
        ],
      },
      bea.caller,
    );
    expect(await cityBadges(bea.id)).toEqual({
      austin: { count: 20, level: 'silver' },
      denver: { count: 0, level: 'bronze' },
    });
  }, 120_000);

  it("a private user's reviews: only the owner and approved followers (learned from social-graph's events)", async () => {
    const pat = await registerUser(identity, { name: 'Pat Private', isPrivate: true });
    const flo = await registerUser(identity, { name: 'Flo Follower' });
    const sam = await registerUser(identity, { name: 'Sam Stranger' });
    await eventually(
      async () => (await projected(pat.id)) && (await projected(flo.id)) && (await projected(sam.id)),
      20_000,
    );
    await reviews.client.call(
      'reviews.create',
      { restaurantName: 'Secret Spot', address: '1 Main St, Boston, MA', rating: 4 },
      pat.caller,
    );
    await expect(reviews.client.call('reviews.byUser', { userId: pat.id }, pat.caller)).resolves.toHaveLength(
      1,
    );
    await expect(reviews.client.call('reviews.byUser', { userId: pat.id }, sam.caller)).rejects.toMatchObject(
      {
        status: 403,
      },
    );
    await expect(reviews.client.call('reviews.byUser', { userId: pat.id })).rejects.toMatchObject({
      status: 403,
    });

    await socialCall('follows.follow', { userId: flo.id, targetId: pat.id }, flo.caller);
    await socialCall('requests.accept', { userId: pat.id, requesterId: flo.id }, pat.caller);
    await eventually(
      async () =>
        (
          await query(db.url, 'SELECT 1 FROM reviews.follows WHERE follower_id = $1 AND following_id = $2', [
            flo.id,
            pat.id,
          ])
        ).length === 1,
      20_000,
    );
    await expect(reviews.client.call('reviews.byUser', { userId: pat.id }, flo.caller)).resolves.toHaveLength(
      1,
    );
    await expect(
      reviews.client.call('activity.ofUser', { userId: pat.id }, flo.caller),
    ).resolves.toMatchObject({
      counts: { reviews: 1, all: 1 },
    });
    await expect(
      reviews.client.call('activity.ofUser', { userId: pat.id }, sam.caller),
    ).rejects.toMatchObject({
      status: 403,
    });

    // Follow events carry the edge's version: the unfollow (2) wins over the follow (1) delivered
    // again late under a new id, which would otherwise bring the follow back.
    const edge = [flo.id, pat.id];
    const edgeRows = () =>
      query(db.url, 'SELECT 1 FROM reviews.follows WHERE follower_id = $1 AND following_id = $2', edge);
    const appliedVersion = async () =>
      (
        await query<{ version: number }>(
          db.url,
          'SELECT version FROM reviews.follow_versions WHERE follower_id = $1 AND following_id = $2',
          edge,
        )
      )[0]?.version;
    expect(await appliedVersion()).toBe(1);
    await socialCall('follows.unfollow', { userId: flo.id, targetId: pat.id }, flo.caller);
    await eventually(async () => (await edgeRows()).length === 0 && (await appliedVersion()) === 2, 20_000);
    const created = (
      await query<Record<string, unknown>>(
        db.url,
        `SELECT * FROM social.outbox WHERE type = 'social.follow.created' ORDER BY seq`,
      )
    )
      .map((row) => envelopeOf(row))
      .find((e) => (e.data as { followerId: number }).followerId === flo.id);
    expect(created?.aggregateVersion).toBe(1);
    await bus.publish({ ...(created as EventEnvelope), id: crypto.randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await edgeRows()).toHaveLength(0);
    await expect(reviews.client.call('reviews.byUser', { userId: pat.id }, flo.caller)).rejects.toMatchObject(
      {
        status: 403,
      },
    );
  }, 90_000);
});

/** The envelope an outbox row was published as (columns as the events library stores them). */
function envelopeOf(row: Record<string, unknown>): EventEnvelope {
  return (row.envelope ?? row.payload) as EventEnvelope;
}

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope, EventType, RegisterRequest } from '@dinebuds/contracts';
import { RabbitMqEventBus, silentEventsLogger, type Subscription } from '@dinebuds/events';
import {
  closeTestBus,
  createTestDatabase,
  eventually,
  query,
  registerUser,
  TEST_AMQP_URL,
  type TestDatabase,
} from '@dinebuds/testing';
import {
  projectedUser,
  registerProjectedUser,
  socialOutbox,
  startTestIdentity,
  startTestSocialGraph,
  waitForProjection,
  type ProjectedUserRow,
  type TestIdentity,
  type TestSocialGraph,
} from './social-test-kit.js';

const SOCIAL_TYPES = [
  'social.follow.created',
  'social.follow.requested',
  'social.follow.removed',
  'social.block.created',
  'social.block.removed',
] as const;

/**
 * Distributed mode: identity and social-graph on a real RabbitMQ (one topic exchange and durable
 * queues of their own, so parallel runs never share messages), then a social-graph restart while
 * identity keeps publishing.
 */
describe('social-graph over RabbitMQ: projection, published events and catching up after a restart', () => {
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const exchange = `test.social.${suffix}`;
  const deadLetterExchange = `${exchange}.dlx`;
  const eventsQueue = `social-graph.${suffix}.events`;
  // identity consumes reviews' events: its queue gets this run's name too, so no durable queue of
  // another run (with another dead-letter exchange) is in the way.
  const identityQueue = `identity.${suffix}.events`;
  const observerQueue = `test.${suffix}.social-observer`;
  const observed: EventEnvelope[] = [];
  let db: TestDatabase;
  let bus: RabbitMqEventBus;
  let observer: Subscription;
  let identity: TestIdentity;
  let social: TestSocialGraph | undefined;

  function observedOf<T extends EventType>(
    type: T,
    match: (data: EventEnvelope<T>['data']) => boolean,
  ): Array<EventEnvelope<T>> {
    return (observed.filter((e) => e.type === type) as Array<EventEnvelope<T>>).filter((e) => match(e.data));
  }

  const registerAndProject = (overrides?: Partial<RegisterRequest>) =>
    registerProjectedUser(identity, db.url, overrides, 30_000);

  /** Ready messages in a queue (unacked deliveries are not counted). */
  async function readyMessages(queue: string): Promise<number> {
    const channel = await bus.connectionManager.connection!.createChannel();
    try {
      return (await channel.checkQueue(queue)).messageCount;
    } finally {
      await channel.close();
    }
  }

  /** Every event identity has written so far has been applied by social-graph (is in its inbox). */
  async function caughtUp(): Promise<boolean> {
    const missing = await query(
      db.url,
      'SELECT o.id FROM identity.outbox o WHERE NOT EXISTS (SELECT 1 FROM social.inbox i WHERE i.event_id = o.id)',
    );
    return missing.length === 0;
  }

  beforeAll(async () => {
    db = await createTestDatabase('social_rabbitmq');
    bus = await RabbitMqEventBus.connect({
      url: TEST_AMQP_URL,
      exchange,
      deadLetterExchange,
      retryDelayMs: 200,
      connectionName: 'social-graph-test',
      logger: silentEventsLogger,
    });
    observer = await bus.subscribe({
      queue: observerQueue,
      types: SOCIAL_TYPES,
      handler: async (envelope) => {
        observed.push(envelope as EventEnvelope);
      },
    });
    // social-graph declares its durable queue before identity publishes anything.
    social = await startTestSocialGraph(db.url, bus, { eventsQueue });
    identity = await startTestIdentity(db.url, bus, { eventsQueue: identityQueue });
  });

  afterAll(async () => {
    await identity?.stop();
    await social?.stop();
    await observer?.cancel();
    await closeTestBus(bus, {
      queues: [eventsQueue, identityQueue, observerQueue],
      exchanges: [exchange, deadLetterExchange],
    });
    await db?.drop();
  });

  it('projects users registered in identity and publishes its own events through RabbitMQ', async () => {
    const ann = await registerAndProject({ name: 'Ann Archer', flavorBuds: ['sushi'] });
    const ben = await registerAndProject({ name: 'Ben Bishop', isPrivate: true });
    await expect(
      waitForProjection(db.url, ann.id, (r) => r.flavor_badges.length === 1),
    ).resolves.toMatchObject({ username: ann.username, flavor_badges: ['sushi'] });

    await expect(
      social!.client.call('follows.follow', { userId: ann.id, targetId: ben.id }, ann.caller),
    ).resolves.toEqual({ status: 'requested' });
    await eventually(
      () =>
        observedOf('social.follow.requested', (d) => d.requesterId === ann.id && d.recipientId === ben.id)
          .length === 1,
    );
    await expect(
      social!.client.call(
        'requests.accept',
        { userId: ben.id, requesterId: ann.id, followBack: true },
        ben.caller,
      ),
    ).resolves.toEqual({
      status: 'accepted',
      followBack: { status: 'following' },
    });
    await eventually(
      () =>
        observedOf('social.follow.created', (d) => d.followerId === ann.id && d.followingId === ben.id)
          .length === 1 &&
        observedOf('social.follow.created', (d) => d.followerId === ben.id && d.followingId === ann.id)
          .length === 1,
    );
    expect(observed.every((e) => e.producer === 'social-graph')).toBe(true);

    const health = await fetch(`${social!.service.url}/health`);
    expect(health.status).toBe(200);
    await expect(health.json()).resolves.toMatchObject({
      status: 'ok',
      database: 'up',
      broker: 'up',
      events: { parked: 0 },
    });
  });

  it('catches up from its durable queue after a restart, applying each event once', async () => {
    const cal = await registerAndProject({ name: 'Cal Cole', isPrivate: true });
    const dan = await registerAndProject({ name: 'Dan Dunn' });
    await expect(
      social!.client.call('follows.follow', { userId: dan.id, targetId: cal.id }, dan.caller),
    ).resolves.toEqual({ status: 'requested' });

    await social!.stop();
    social = undefined;

    // identity keeps working meanwhile: a new user, a renamed one, new badges, a privacy change.
    const eve = await registerUser(identity, { name: 'Eve Early', cityBuds: ['Chicago'] });
    await identity.client.call('users.update', { id: dan.id, name: 'Daniel Dunn' }, dan.caller);
    await identity.client.call(
      'badges.setFlavor',
      { userId: dan.id, badges: [{ category: 'preference', badgeId: 'pizza' }] },
      dan.caller,
    );
    await identity.client.call('users.togglePrivacy', { id: cal.id }, cal.caller);
    // All of it is published and waits in social-graph's queue.
    await eventually(
      async () =>
        (await query(db.url, 'SELECT id FROM identity.outbox WHERE published_at IS NULL')).length === 0,
    );
    await eventually(async () => (await readyMessages(eventsQueue)) >= 5);
    expect(await projectedUser(db.url, eve.id)).toBeUndefined();
    expect(await projectedUser(db.url, dan.id)).toMatchObject({ name: 'Dan Dunn' });

    social = await startTestSocialGraph(db.url, bus, { eventsQueue });
    await waitForProjection(db.url, eve.id, (r) => r.city_badges.join() === 'chicago', 30_000);
    await waitForProjection(
      db.url,
      dan.id,
      (r) => r.name === 'Daniel Dunn' && r.flavor_badges.join() === 'pizza',
      30_000,
    );
    await waitForProjection(db.url, cal.id, (r) => !r.is_private, 30_000);
    // The pending request was accepted when cal turned public, once.
    await expect(
      social.client.call('follows.status', { userId: dan.id, targetId: cal.id }, dan.caller),
    ).resolves.toEqual({ isFollowing: true, status: 'following' });
    await eventually(
      () =>
        observedOf('social.follow.created', (d) => d.followerId === dan.id && d.followingId === cal.id)
          .length === 1,
    );
    expect(
      (await socialOutbox(db.url, 'social.follow.created')).filter(
        (e) => e.data.followerId === dan.id && e.data.followingId === cal.id,
      ),
    ).toHaveLength(1);

    // At-least-once delivery: replay identity's whole history onto the bus. The inbox skips every
    // event already applied, so no projection row is touched and no social event is written again.
    await eventually(caughtUp, 30_000);
    const before = await query<ProjectedUserRow>(db.url, 'SELECT * FROM social.users ORDER BY id');
    const socialEventsBefore = await query(db.url, 'SELECT id FROM social.outbox');
    const inboxBefore = await query(db.url, 'SELECT event_id FROM social.inbox');
    const history = await query<{ payload: EventEnvelope }>(
      db.url,
      'SELECT payload FROM identity.outbox ORDER BY seq',
    );
    expect(history.length).toBeGreaterThanOrEqual(inboxBefore.length);
    for (const row of history) await bus.publish(row.payload);
    // A fresh event after the replay shows the queue has been worked through.
    const late = await registerUser(identity, { name: 'Lou Late' });
    await waitForProjection(db.url, late.id, () => true, 30_000);
    await eventually(caughtUp, 30_000);
    await eventually(
      async () => (await readyMessages(eventsQueue)) + (await readyMessages(`${eventsQueue}.retry`)) === 0,
    );
    // Deliveries still in flight (taken from the queue, not acked yet) settle within this pause.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const after = await query<ProjectedUserRow>(
      db.url,
      'SELECT * FROM social.users WHERE id <> $1 ORDER BY id',
      [late.id],
    );
    expect(after).toEqual(before);
    expect(await query(db.url, 'SELECT id FROM social.outbox')).toHaveLength(socialEventsBefore.length);
    // Only Lou's two events are new in the inbox.
    expect(await query(db.url, 'SELECT event_id FROM social.inbox')).toHaveLength(inboxBefore.length + 2);
    await expect(social.client.call('follows.followersCount', { userId: cal.id })).resolves.toEqual({
      count: 1,
    });
  });
});

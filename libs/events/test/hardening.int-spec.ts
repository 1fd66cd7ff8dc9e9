import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@dinebuds/contracts';
import type { DataSource } from 'typeorm';
import {
  createEnvelope,
  eventsMigrationSql,
  eventsMigrationV2Sql,
  InboxPurger,
  Outbox,
  OutboxRelay,
  RabbitMqEventBus,
  silentEventsLogger,
  UnroutableEventError,
  type EventBus,
} from '../src/index.js';
import {
  AMQP_URL,
  createDataSource,
  createTestDatabase,
  deleteTopology,
  drainQueue,
  eventually,
  queueStats,
  uniqueName,
  type TestDatabase,
} from './helpers.js';

const deleted = (userId: number) =>
  createEnvelope('identity.user.deleted', { userId }, { producer: 'identity' });

describe('RabbitMQ: topology declared by the publisher, mandatory publishing, hung handlers', () => {
  const exchange = uniqueName('test.hardening');
  const deadLetterExchange = `${exchange}.dlx`;
  const queue = uniqueName('test.hardening.consumer');
  const hangQueue = uniqueName('test.hardening.hang');
  const buses: RabbitMqEventBus[] = [];
  const bus = async (extra: Partial<ConstructorParameters<typeof RabbitMqEventBus>[0]> = {}) => {
    const b = await RabbitMqEventBus.connect({
      url: AMQP_URL,
      exchange,
      deadLetterExchange,
      retryDelayMs: 20,
      logger: silentEventsLogger,
      ...extra,
    });
    buses.push(b);
    return b;
  };

  afterAll(async () => {
    for (const b of buses) await b.close();
    await deleteTopology({ queues: [queue, hangQueue], exchanges: [exchange, deadLetterExchange] });
  });

  it('declares the topology before publishing: an event sent before its consumer ever started is kept', async () => {
    const producer = await bus({ topology: [{ queue, types: ['identity.user.deleted'] }] });
    const early = deleted(1);
    await producer.publish(early);
    expect((await queueStats(queue)).messageCount).toBe(1);

    // The consumer declares the same queue (same arguments: no PRECONDITION_FAILED) and gets it.
    const got: string[] = [];
    const consumer = await bus();
    await consumer.subscribe({
      queue,
      types: ['identity.user.deleted'],
      handler: async (e) => {
        got.push(e.id);
      },
    });
    await eventually(() => got.length === 1, 'early event consumed');
    expect(got).toEqual([early.id]);
  });

  it('treats a returned (unroutable) wanted event as not published; unwanted types are dropped', async () => {
    const wantedOnly = uniqueName('test.hardening.gone');
    const producer = await bus({ topology: [{ queue: wantedOnly, types: ['identity.user.deactivated'] }] });
    // The queue disappears (deleted by an operator): nothing is bound to the type any more.
    await deleteTopology({ queues: [wantedOnly], exchanges: [] });
    const lost = createEnvelope('identity.user.deactivated', { userId: 5 }, { producer: 'identity' });
    await expect(producer.publish(lost)).rejects.toBeInstanceOf(UnroutableEventError);
    // A type no queue of the topology wants is routed nowhere on purpose: published.
    await expect(
      producer.publish(
        createEnvelope('social.block.created', { blockerId: 1, blockedId: 2 }, { producer: 'x' }),
      ),
    ).resolves.toBeUndefined();
  });

  it('dead-letters a message whose handler hangs, after maxRetries timed-out attempts', async () => {
    const consumer = await bus({ handlerTimeoutMs: 50, maxRetries: 2 });
    let calls = 0;
    await consumer.subscribe({
      queue: hangQueue,
      types: ['identity.user.registered'],
      handler: () => {
        calls++;
        return new Promise<void>(() => undefined); // never settles
      },
    });
    const producer = await bus();
    const e = createEnvelope(
      'identity.user.registered',
      {
        userId: 9,
        username: 'hang',
        name: 'Hang',
        bio: null,
        profilePicture: null,
        isPrivate: false,
        isAdmin: false,
        flavorBadges: [],
        cityBadges: [],
        createdAt: new Date().toISOString(),
      },
      { producer: 'identity' },
    );
    await producer.publish(e);
    await eventually(async () => (await queueStats(`${hangQueue}.dlq`)).messageCount === 1, 'dead-lettered');
    expect(calls).toBe(3);
    const [dead] = await drainQueue(`${hangQueue}.dlq`);
    expect((JSON.parse(dead!.content) as EventEnvelope).id).toBe(e.id);
    expect(dead!.headers['x-error']).toMatch(/did not finish within 50 ms/);
    expect(dead!.headers['x-retry-count']).toBe(2);
  });
});

describe('OutboxRelay back-off and parking; inbox purge (PostgreSQL)', () => {
  const SCHEMA = 'hardening';
  let db: TestDatabase;
  let dataSource: DataSource;
  const outbox = new Outbox({ schema: SCHEMA, producer: 'identity' });
  let healthy = true;
  const failingBus: EventBus = {
    publish: () => Promise.reject(new Error('no route')),
    subscribe: () => Promise.reject(new Error('not used')),
    listen: () => {
      throw new Error('not used');
    },
    isHealthy: () => healthy,
    close: async () => undefined,
  };
  const add = () =>
    dataSource.transaction(
      async (manager) => (await outbox.add(manager, 'identity.user.deleted', { userId: 1 })).id,
    );
  const row = async (id: string) =>
    (
      (await dataSource.query(
        `SELECT attempts, parked_at, next_attempt_at > now() AS later, last_error FROM "${SCHEMA}"."outbox" WHERE id = $1`,
        [id],
      )) as Array<{ attempts: number; parked_at: Date | null; later: boolean; last_error: string }>
    )[0]!;
  const due = (id: string) =>
    dataSource.query(`UPDATE "${SCHEMA}"."outbox" SET next_attempt_at = now() WHERE id = $1`, [id]);

  beforeAll(async () => {
    db = await createTestDatabase('hardening');
    dataSource = await createDataSource(db.url, SCHEMA);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('backs a failed row off, parks it after maxAttempts and reports it; retryParked brings it back', async () => {
    const relay = new OutboxRelay({
      dataSource,
      schema: SCHEMA,
      bus: failingBus,
      maxAttempts: 3,
      retryBaseMs: 60_000,
      logger: silentEventsLogger,
    });
    const id = await add();
    expect(await relay.runOnce()).toEqual({ claimed: 1, published: 0, failed: 1 });
    expect(await row(id)).toMatchObject({
      attempts: 1,
      parked_at: null,
      later: true,
      last_error: 'no route',
    });
    // Backing off: not claimed again before its time.
    expect((await relay.runOnce()).claimed).toBe(0);

    // An outage (bus unhealthy) does not use up attempts.
    healthy = false;
    await due(id);
    await relay.runOnce();
    expect((await row(id)).attempts).toBe(1);
    healthy = true;

    await due(id);
    await relay.runOnce();
    await due(id);
    await relay.runOnce();
    expect((await row(id)).parked_at).not.toBeNull();
    expect(relay.parkedSinceStart).toBe(1);
    await due(id);
    expect((await relay.runOnce()).claimed).toBe(0); // parked rows are left alone
    const stats = await relay.stats();
    expect(stats).toMatchObject({ pending: 0, parked: 1 });
    expect(await relay.pendingCount()).toBe(0);

    expect(await relay.retryParked()).toBe(1);
    expect(await relay.stats()).toMatchObject({ pending: 1, parked: 0 });
    expect(await row(id)).toMatchObject({ attempts: 0, parked_at: null });
  });

  /** The outbox's indexes in a schema. */
  const outboxIndexes = async (schema: string) =>
    (
      (await dataSource.query(
        `SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = 'outbox' ORDER BY indexname`,
        [schema],
      )) as Array<{ indexname: string }>
    ).map((r) => r.indexname);

  /** Creates the events tables in `schema` as an older release left them, then relays one event. */
  const relayOnTablesOf = async (schema: string, statements: string[]) => {
    for (const sql of statements) await dataSource.query(sql);
    const bus: EventBus = { ...failingBus, publish: async () => undefined };
    const relay = new OutboxRelay({ dataSource, schema, bus, logger: silentEventsLogger });
    await dataSource.transaction((m) =>
      new Outbox({ schema, producer: 'x' }).add(m, 'identity.user.deleted', { userId: 2 }),
    );
    expect(await relay.runOnce()).toMatchObject({ claimed: 1, published: 1 });
    expect(await relay.stats()).toEqual({ pending: 0, parked: 0, oldestPendingSeconds: 0 });
  };

  it('adds the V2 columns itself to an outbox created by the first migration', async () => {
    const old = 'hardening_v1';
    const v2Statements = eventsMigrationV2Sql(old).up.length;
    await relayOnTablesOf(old, eventsMigrationSql(old).up.slice(0, -v2Statements));
    expect(await outboxIndexes(old)).toContain('outbox_claimable_idx');
  });

  it('splits the unpublished index of an outbox whose V2 ran before the split joined it', async () => {
    const old = 'hardening_v2_early';
    // V2 as first released: its columns and the inbox index, without the split.
    const firstV2 = eventsMigrationSql(old).up.filter(
      (sql) => !/outbox_claimable_idx|outbox_parked_idx|DROP INDEX/.test(sql),
    );
    await relayOnTablesOf(old, firstV2);
    expect(await outboxIndexes(old)).toEqual([
      'outbox_claimable_idx',
      'outbox_parked_idx',
      'outbox_pkey',
      'outbox_published_at_idx',
    ]);
  });

  it('purges inbox rows older than the retention', async () => {
    await dataSource.query(
      `INSERT INTO "${SCHEMA}"."inbox" (event_id, consumer, processed_at) VALUES
       ('00000000-0000-4000-8000-000000000001', 'c', now() - interval '20 days'),
       ('00000000-0000-4000-8000-000000000002', 'c', now() - interval '1 day')`,
    );
    const purger = new InboxPurger({
      dataSource,
      schema: SCHEMA,
      retentionMs: 14 * 24 * 3600 * 1000,
      batchSize: 1,
      logger: silentEventsLogger,
    });
    expect(await purger.purge()).toBe(1);
    const left: Array<{ event_id: string }> = await dataSource.query(
      `SELECT event_id FROM "${SCHEMA}"."inbox"`,
    );
    expect(left.map((r) => r.event_id)).toEqual(['00000000-0000-4000-8000-000000000002']);
    purger.start();
    await purger.stop();
  });
});

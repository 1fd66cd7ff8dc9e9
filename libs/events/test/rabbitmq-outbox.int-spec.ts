import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@dinebuds/contracts';
import type { DataSource } from 'typeorm';
import {
  ERROR_HEADER,
  Inbox,
  Outbox,
  OutboxRelay,
  RabbitMqEventBus,
  RETRY_COUNT_HEADER,
  type EnvelopeOf,
} from '../src/index.js';
import {
  AMQP_URL,
  breakConnection,
  createDataSource,
  createTestDatabase,
  deleteTopology,
  drainQueue,
  eventually,
  memoryLogger,
  queueStats,
  uniqueName,
  type TestDatabase,
} from './helpers.js';

const SCHEMA = 'svc';

describe('outbox -> relay -> RabbitMQ -> consumer with inbox', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let producerBus: RabbitMqEventBus;
  let consumerBus: RabbitMqEventBus;
  let relay: OutboxRelay;
  const outbox = new Outbox({ schema: SCHEMA, producer: 'identity' });
  const exchange = uniqueName('test.events');
  const deadLetterExchange = `${exchange}.dlx`;
  const queues: string[] = [];
  const logger = memoryLogger();

  const busOptions = {
    url: AMQP_URL,
    exchange,
    deadLetterExchange,
    maxRetries: 3,
    retryDelayMs: 30,
    logger,
  };

  beforeAll(async () => {
    db = await createTestDatabase('outbox');
    dataSource = await createDataSource(db.url, SCHEMA);
    await dataSource.query(
      `CREATE TABLE "${SCHEMA}"."effects" (id serial PRIMARY KEY, event_id uuid NOT NULL, consumer text NOT NULL, user_id int NOT NULL)`,
    );
    await dataSource.query(`CREATE TABLE "${SCHEMA}"."users" (id int PRIMARY KEY)`);
    producerBus = await RabbitMqEventBus.connect({ ...busOptions, connectionName: 'test-producer' });
    consumerBus = await RabbitMqEventBus.connect({ ...busOptions, connectionName: 'test-consumer' });
    relay = new OutboxRelay({ dataSource, schema: SCHEMA, bus: producerBus, intervalMs: 50, logger });
  });

  afterAll(async () => {
    await relay?.stop();
    await consumerBus?.close();
    await producerBus?.close();
    await dataSource?.destroy();
    await db?.drop();
    await deleteTopology({ queues, exchanges: [exchange, deadLetterExchange] });
  });

  async function effects(consumer: string): Promise<Array<{ event_id: string; user_id: number }>> {
    return dataSource.query(
      `SELECT event_id, user_id FROM "${SCHEMA}"."effects" WHERE consumer = $1 ORDER BY id`,
      [consumer],
    );
  }

  function applyOnce(consumer: string, calls: EventEnvelope[]) {
    return async (envelope: EnvelopeOf<'identity.user.deleted' | 'identity.user.registered'>) => {
      calls.push(envelope);
      await Inbox.handleOnce(dataSource, SCHEMA, consumer, envelope, async (manager) => {
        await manager.query(
          `INSERT INTO "${SCHEMA}"."effects" (event_id, consumer, user_id) VALUES ($1, $2, $3)`,
          [envelope.id, consumer, envelope.data.userId],
        );
      });
    };
  }

  it('publishes committed events only, in one transaction with the state change, applied once', async () => {
    const queue = uniqueName('test.consumer');
    queues.push(queue);
    const calls: EventEnvelope[] = [];
    await consumerBus.subscribe({
      queue,
      types: ['identity.user.deleted'],
      handler: applyOnce('projection', calls),
    });
    relay.start();

    // Committed: a state change and its three events.
    const committed = await dataSource.transaction(async (manager) => {
      const out: EventEnvelope[] = [];
      for (const userId of [1, 2, 3]) {
        await manager.query(`INSERT INTO "${SCHEMA}"."users" (id) VALUES ($1)`, [userId]);
        out.push(await outbox.add(manager, 'identity.user.deleted', { userId }, { requestId: 'req-42' }));
      }
      return out;
    });
    // Rolled back: neither the row nor the event exists.
    await expect(
      dataSource.transaction(async (manager) => {
        await manager.query(`INSERT INTO "${SCHEMA}"."users" (id) VALUES (99)`);
        await outbox.add(manager, 'identity.user.deleted', { userId: 99 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');

    await eventually(async () => (await effects('projection')).length === 3, 'three effects');
    const rows = await effects('projection');
    // Delivered in outbox order (handlers then run concurrently, up to the prefetch).
    expect(calls.map((e) => e.id)).toEqual(committed.map((e) => e.id));
    expect(rows.map((r) => r.event_id).sort()).toEqual(committed.map((e) => e.id).sort());
    expect(rows.map((r) => r.user_id).sort()).toEqual([1, 2, 3]);
    expect(calls[0]).toMatchObject({ producer: 'identity', requestId: 'req-42', version: 1 });

    await eventually(async () => (await relay.pendingCount()) === 0, 'outbox drained');
    const outboxRows: Array<{ published_at: Date | null; attempts: number }> = await dataSource.query(
      `SELECT published_at, attempts FROM "${SCHEMA}"."outbox"`,
    );
    expect(outboxRows).toHaveLength(3);
    expect(outboxRows.every((r) => r.published_at !== null && r.attempts === 1)).toBe(true);

    // A redelivered / republished event reaches the handler again but is applied once.
    await producerBus.publish(committed[0]!);
    await eventually(() => calls.length === 4, 'duplicate delivery');
    await expect(queueStats(queue)).resolves.toMatchObject({ messageCount: 0 });
    expect(await effects('projection')).toHaveLength(3);
    expect(await Inbox.hasProcessed(dataSource, SCHEMA, 'projection', committed[0]!.id)).toBe(true);
    expect(await Inbox.hasProcessed(dataSource, SCHEMA, 'other-consumer', committed[0]!.id)).toBe(false);
  });

  it('refuses Outbox.add outside a transaction', async () => {
    await expect(outbox.add(dataSource.manager, 'identity.user.deleted', { userId: 1 })).rejects.toThrow(
      /inside a transaction/,
    );
  });

  it('fans out by routing key to every bound queue', async () => {
    const qa = uniqueName('test.fanout.a');
    const qb = uniqueName('test.fanout.b');
    queues.push(qa, qb);
    const callsA: EventEnvelope[] = [];
    const callsB: EventEnvelope[] = [];
    await consumerBus.subscribe({
      queue: qa,
      types: ['identity.user.registered'],
      handler: applyOnce('fan-a', callsA),
    });
    await consumerBus.subscribe({
      queue: qb,
      types: ['identity.user.registered', 'identity.user.deleted'],
      handler: applyOnce('fan-b', callsB),
    });
    relay.start();
    const [registered, deleted] = await dataSource.transaction(async (manager) => [
      await outbox.add(manager, 'identity.user.registered', {
        userId: 501,
        username: 'ada',
        name: 'Ada',
        bio: null,
        profilePicture: null,
        isPrivate: false,
        isAdmin: false,
        flavorBadges: [],
        cityBadges: [],
        createdAt: new Date().toISOString(),
      }),
      await outbox.add(manager, 'identity.user.deleted', { userId: 502 }),
    ]);
    await eventually(
      async () => (await effects('fan-a')).length === 1 && (await effects('fan-b')).length === 2,
      'fan-out effects',
    );
    expect((await effects('fan-a')).map((r) => r.event_id)).toEqual([registered!.id]);
    expect((await effects('fan-b')).map((r) => r.event_id).sort()).toEqual(
      [registered!.id, deleted!.id].sort(),
    );
  });

  it('retries a failing handler, then moves the poison message to <queue>.dlq', async () => {
    const queue = uniqueName('test.poison');
    queues.push(queue);
    const attempts = new Map<number, number>();
    const ok: number[] = [];
    await consumerBus.subscribe({
      queue,
      types: ['identity.user.deleted'],
      handler: async (envelope) => {
        const { userId } = envelope.data;
        attempts.set(userId, (attempts.get(userId) ?? 0) + 1);
        if (userId === 13) throw new Error('poison pill');
        if (userId === 14 && attempts.get(14)! < 3) throw new Error('transient');
        ok.push(userId);
      },
    });
    relay.start();
    const poison = await dataSource.transaction(async (manager) => {
      const p = await outbox.add(manager, 'identity.user.deleted', { userId: 13 });
      await outbox.add(manager, 'identity.user.deleted', { userId: 14 });
      await outbox.add(manager, 'identity.user.deleted', { userId: 15 });
      return p;
    });

    await eventually(async () => (await queueStats(`${queue}.dlq`)).messageCount === 1, 'poison in DLQ');
    await eventually(() => ok.length === 2, 'the other events handled');
    expect(ok.sort()).toEqual([14, 15]);
    expect(attempts.get(13)).toBe(4); // first attempt + maxRetries (3)
    expect(attempts.get(14)).toBe(3);
    expect(attempts.get(15)).toBe(1);

    const [dead] = await drainQueue(`${queue}.dlq`);
    expect(JSON.parse(dead!.content)).toMatchObject({ id: poison.id, type: 'identity.user.deleted' });
    expect(dead!.headers[RETRY_COUNT_HEADER]).toBe(3);
    expect(dead!.headers[ERROR_HEADER]).toBe('poison pill');
    expect(dead!.headers['x-original-queue']).toBe(queue);
    await expect(queueStats(queue)).resolves.toMatchObject({ messageCount: 0 });
    await expect(queueStats(`${queue}.retry`)).resolves.toMatchObject({ messageCount: 0 });
    expect(logger.lines.some((l) => l.level === 'error' && /dead-lettered/.test(l.msg))).toBe(true);
  });

  it('dead-letters a message that is not an envelope without calling the handler', async () => {
    const queue = uniqueName('test.garbage');
    queues.push(queue);
    let calls = 0;
    await consumerBus.subscribe({
      queue,
      types: ['identity.user.deleted'],
      handler: async () => {
        calls++;
      },
    });
    const { connect } = await import('amqplib');
    const conn = await connect(AMQP_URL);
    try {
      const ch = await conn.createConfirmChannel();
      ch.publish(exchange, 'identity.user.deleted', Buffer.from('{not json'), { persistent: true });
      await ch.waitForConfirms();
      await ch.close();
    } finally {
      await conn.close();
    }
    await eventually(async () => (await queueStats(`${queue}.dlq`)).messageCount === 1, 'garbage in DLQ');
    expect(calls).toBe(0);
    const [dead] = await drainQueue(`${queue}.dlq`);
    expect(dead!.content).toBe('{not json');
    expect(String(dead!.headers[ERROR_HEADER])).toMatch(/not valid JSON/);
  });

  it('close() is bounded even when the connection died silently', async () => {
    const queue = uniqueName('test.silent');
    queues.push(queue);
    const bus = await RabbitMqEventBus.connect({
      ...busOptions,
      heartbeatIntervalInSeconds: 60,
      closeTimeoutMs: 300,
    });
    await bus.subscribe({ queue, types: ['identity.user.deleted'], handler: async () => undefined });
    breakConnection(bus, 'silent'); // undetected: no heartbeat timeout for minutes
    const started = Date.now();
    await bus.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(bus.isHealthy()).toBe(false);
  });

  it('reports health', async () => {
    expect(producerBus.isHealthy()).toBe(true);
    const bus = new RabbitMqEventBus({ ...busOptions });
    expect(bus.isHealthy()).toBe(false); // not started
    await bus.start();
    expect(bus.isHealthy()).toBe(true);
    await bus.close();
    expect(bus.isHealthy()).toBe(false);
    await expect(bus.publish(undefined as unknown as EventEnvelope)).rejects.toThrow(/closed/);
  });
});

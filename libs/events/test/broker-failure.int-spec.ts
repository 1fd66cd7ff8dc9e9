import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@dinebuds/contracts';
import type { DataSource } from 'typeorm';
import { Inbox, Outbox, OutboxRelay, RabbitMqEventBus, type EventBus } from '../src/index.js';
import {
  AMQP_URL,
  breakConnection,
  createDataSource,
  createTestDatabase,
  deleteTopology,
  eventually,
  memoryLogger,
  queueStats,
  uniqueName,
  type TestDatabase,
} from './helpers.js';

const SCHEMA = 'reviews';
const N = 300;
const PER_TX = 5;

/**
 * The broker connection breaks several times while N events flow outbox -> relay -> RabbitMQ ->
 * consumer: in the middle of the relay's publishes (confirms lost) and in the middle of the
 * consumer's handlers (acks lost, deliveries requeued). Every event must end up applied exactly
 * once in the consumer's effect table.
 *
 * Two kinds of failure: 'reset' (the broker dies: the client sees the connection reset) and
 * 'silent' (a network partition: only the heartbeat timeout notices; heartbeat 1 s here).
 */
describe.each(['reset', 'silent'] as const)('broker connection lost mid-stream (%s)', (mode) => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let producerBus: RabbitMqEventBus;
  let consumerBus: RabbitMqEventBus;
  let relay: OutboxRelay | undefined;
  const exchange = uniqueName('test.events');
  const deadLetterExchange = `${exchange}.dlx`;
  const queue = uniqueName('test.reviews.events');
  const outageQueue = `${queue}.outage`;
  const producerLog = memoryLogger('producer');
  const consumerLog = memoryLogger('consumer');

  beforeAll(async () => {
    db = await createTestDatabase(`broker_${mode}`);
    dataSource = await createDataSource(db.url, SCHEMA);
    // No unique constraint on purpose: a second application of an event would show as a second row.
    await dataSource.query(
      `CREATE TABLE "${SCHEMA}"."effects" (id serial PRIMARY KEY, event_id uuid NOT NULL, seq int NOT NULL)`,
    );
    const common = {
      url: AMQP_URL,
      exchange,
      deadLetterExchange,
      heartbeatIntervalInSeconds: 1,
      reconnectTimeInSeconds: 0.2,
      publishTimeoutMs: 5_000,
      retryDelayMs: 50,
    };
    producerBus = await RabbitMqEventBus.connect({
      ...common,
      logger: producerLog,
      connectionName: 'test-producer',
    });
    consumerBus = await RabbitMqEventBus.connect({
      ...common,
      logger: consumerLog,
      connectionName: 'test-consumer',
    });
  });

  afterAll(async () => {
    await relay?.stop();
    await consumerBus?.close();
    await producerBus?.close();
    await dataSource?.destroy();
    await db?.drop();
    await deleteTopology({ queues: [queue, outageQueue], exchanges: [exchange, deadLetterExchange] });
  });

  it('applies every event exactly once', async () => {
    const deliveries = new Map<number, number>(); // seq -> handler calls
    let inFlight = 0;
    const consumerBreaksAt = new Set([N / 3, (2 * N) / 3]);
    await consumerBus.subscribe({
      queue,
      types: ['identity.user.deleted'],
      handler: async (envelope) => {
        inFlight++;
        try {
          const seq = envelope.data.userId;
          deliveries.set(seq, (deliveries.get(seq) ?? 0) + 1);
          await Inbox.handleOnce(dataSource, SCHEMA, 'reviews.test-projection', envelope, async (manager) => {
            await manager.query(`INSERT INTO "${SCHEMA}"."effects" (event_id, seq) VALUES ($1, $2)`, [
              envelope.id,
              seq,
            ]);
          });
          // The effect is committed but the ack cannot reach the broker: it must redeliver.
          if (consumerBreaksAt.delete(seq)) breakConnection(consumerBus, mode);
        } finally {
          inFlight--;
        }
      },
    });

    // The relay publishes through a bus that cuts the producer's connection right after some
    // publishes were written, before their confirms arrive.
    let publishes = 0;
    const producerBreaksAt = new Set([Math.floor(N / 4), Math.floor(N / 2), Math.floor((3 * N) / 4)]);
    const breakingBus: EventBus = {
      publish: (envelope: EventEnvelope) => {
        const confirmed = producerBus.publish(envelope);
        if (producerBreaksAt.delete(++publishes)) {
          setImmediate(() => {
            if (producerBus.connectionManager.connection) breakConnection(producerBus, mode);
          });
        }
        return confirmed;
      },
      subscribe: (o) => producerBus.subscribe(o),
      listen: (o) => producerBus.listen(o),
      isHealthy: () => producerBus.isHealthy(),
      close: () => producerBus.close(),
    };
    relay = new OutboxRelay({
      dataSource,
      schema: SCHEMA,
      bus: breakingBus,
      intervalMs: 50,
      batchSize: 20,
      publishTimeoutMs: 6_000,
      logger: producerLog,
    });
    relay.start();

    const outbox = new Outbox({ schema: SCHEMA, producer: 'reviews' });
    const produced: string[] = [];
    for (let seq = 1; seq <= N; seq += PER_TX) {
      const ids = await dataSource.transaction(async (manager) => {
        const out: string[] = [];
        for (let k = seq; k < seq + PER_TX; k++) {
          out.push((await outbox.add(manager, 'identity.user.deleted', { userId: k })).id);
        }
        return out;
      });
      produced.push(...ids);
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(produced).toHaveLength(N);

    const counts = async () => {
      const [row] = (await dataSource.query(
        `SELECT count(*)::int AS total, count(DISTINCT event_id)::int AS distinct_ids FROM "${SCHEMA}"."effects"`,
      )) as Array<{ total: number; distinct_ids: number }>;
      return row!;
    };
    // Quiescent: every event applied, outbox fully published, nothing queued or being handled.
    await eventually(
      async () => {
        if ((await counts()).distinct_ids < N || (await relay!.pendingCount()) > 0 || inFlight > 0)
          return false;
        const [main, retry] = await Promise.all([queueStats(queue), queueStats(`${queue}.retry`)]);
        return (
          main.messageCount === 0 && retry.messageCount === 0 && main.consumerCount === 1 && inFlight === 0
        );
      },
      'all events applied and the system quiescent',
      60_000,
    );

    const { total, distinct_ids } = await counts();
    expect(distinct_ids).toBe(N);
    expect(total).toBe(N); // none applied twice
    const applied: Array<{ event_id: string }> = await dataSource.query(
      `SELECT event_id FROM "${SCHEMA}"."effects" ORDER BY event_id`,
    );
    expect(applied.map((r) => r.event_id)).toEqual([...produced].sort()); // none lost, none foreign

    // The failures really happened and were recovered from.
    expect(producerBreaksAt.size).toBe(0);
    expect(consumerBreaksAt.size).toBe(0);
    const lost = (log: typeof producerLog) => log.lines.filter((l) => /connection lost/.test(l.msg)).length;
    expect(lost(producerLog)).toBeGreaterThanOrEqual(3);
    expect(lost(consumerLog)).toBeGreaterThanOrEqual(2);
    // The deliveries whose ack was lost came back and were skipped by the inbox.
    expect(deliveries.get(N / 3)).toBeGreaterThanOrEqual(2);
    expect(deliveries.get((2 * N) / 3)).toBeGreaterThanOrEqual(2);
    expect(producerBus.isHealthy()).toBe(true);
    expect(consumerBus.isHealthy()).toBe(true);

    // After the storm, new events keep flowing.
    const late = await dataSource.transaction((manager) =>
      outbox.add(manager, 'identity.user.deleted', { userId: N + 1 }),
    );
    await eventually(async () => (await counts()).distinct_ids === N + 1, 'a late event');
    const [lateRow] = (await dataSource.query(
      `SELECT count(*)::int AS n FROM "${SCHEMA}"."effects" WHERE event_id = $1`,
      [late.id],
    )) as Array<{ n: number }>;
    expect(lateRow!.n).toBe(1);
  }, 90_000);

  it('publish() during an outage waits for the reconnect instead of failing', async () => {
    const received: string[] = [];
    const sub = await consumerBus.subscribe({
      queue: outageQueue,
      types: ['identity.user.deactivated'],
      handler: async (e) => {
        received.push(e.id);
      },
    });
    const disconnected = once(producerBus.connectionManager, 'disconnect');
    breakConnection(producerBus, mode);
    await disconnected;
    expect(producerBus.isHealthy()).toBe(false);
    const envelope: EventEnvelope = {
      id: '00000000-0000-4000-8000-0000000000aa',
      type: 'identity.user.deactivated',
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'reviews',
      requestId: null,
      data: { userId: 1 },
    };
    await producerBus.publish(envelope); // resolves once confirmed, after the reconnect
    expect(producerBus.isHealthy()).toBe(true);
    await eventually(() => received.length === 1, 'the event published during the outage');
    expect(received).toEqual([envelope.id]);
    await sub.cancel();
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@dinebuds/contracts';
import type { DataSource } from 'typeorm';
import {
  claimStatement,
  statsStatement,
  Inbox,
  Outbox,
  OutboxRelay,
  silentEventsLogger,
  type EventBus,
} from '../src/index.js';
import { createDataSource, createTestDatabase, eventually, type TestDatabase } from './helpers.js';

const SCHEMA = 'moderation';

/** A bus that records what it is given (and can be told to fail). */
function recordingBus(publishMs = 0) {
  const published: EventEnvelope[] = [];
  let failing: Error | null = null;
  const bus: EventBus & { published: EventEnvelope[]; fail(err: Error | null): void } = {
    published,
    fail: (err) => {
      failing = err;
    },
    publish: async (envelope) => {
      await new Promise((r) => (publishMs > 0 ? setTimeout(r, publishMs) : setImmediate(r)));
      if (failing) throw failing;
      published.push(envelope);
    },
    subscribe: () => Promise.reject(new Error('not used')),
    listen: () => {
      throw new Error('not used');
    },
    isHealthy: () => true,
    close: async () => undefined,
  };
  return bus;
}

describe('OutboxRelay (PostgreSQL)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  const outbox = new Outbox({ schema: SCHEMA, producer: 'moderation' });

  beforeAll(async () => {
    db = await createTestDatabase('relay');
    dataSource = await createDataSource(db.url, SCHEMA);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  const clear = () => dataSource.query(`DELETE FROM "${SCHEMA}"."outbox"`);
  const addMany = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i += 10) {
      await dataSource.transaction(async (manager) => {
        for (let k = i; k < Math.min(n, i + 10); k++) {
          ids.push((await outbox.add(manager, 'identity.user.deleted', { userId: k })).id);
        }
      });
    }
    return ids;
  };

  it('stores the full envelope in the caller transaction', async () => {
    await clear();
    const envelope = await dataSource.transaction((manager) =>
      outbox.add(manager, 'identity.user.deactivated', { userId: 9 }, { requestId: 'req-9' }),
    );
    const [row] = (await dataSource.query(
      `SELECT id, type, payload, published_at, attempts FROM "${SCHEMA}"."outbox"`,
    )) as Array<{
      id: string;
      type: string;
      payload: EventEnvelope;
      published_at: Date | null;
      attempts: number;
    }>;
    expect(row).toEqual({
      id: envelope.id,
      type: 'identity.user.deactivated',
      payload: envelope,
      published_at: null,
      attempts: 0,
    });
    expect(envelope).toMatchObject({ producer: 'moderation', requestId: 'req-9', version: 1 });
  });

  it('publishes in insertion order and marks rows published', async () => {
    await clear();
    const ids = await addMany(35);
    const bus = recordingBus();
    const relay = new OutboxRelay({
      dataSource,
      schema: SCHEMA,
      bus,
      batchSize: 10,
      logger: silentEventsLogger,
    });
    const rounds = [];
    for (let r = await relay.runOnce(); r.claimed > 0; r = await relay.runOnce()) rounds.push(r.published);
    expect(rounds).toEqual([10, 10, 10, 5]);
    expect(bus.published.map((e) => e.id)).toEqual(ids);
    expect(await relay.pendingCount()).toBe(0);
  });

  it('lets several relays run at once without publishing a row twice', async () => {
    await clear();
    const bus = recordingBus();
    const relays = [1, 2, 3].map(
      () =>
        new OutboxRelay({
          dataSource,
          schema: SCHEMA,
          bus,
          intervalMs: 5,
          batchSize: 7,
          logger: silentEventsLogger,
        }),
    );
    relays.forEach((r) => r.start());
    const ids = await addMany(400);
    await eventually(async () => (await relays[0]!.pendingCount()) === 0, 'all published');
    await Promise.all(relays.map((r) => r.stop()));
    const counts = new Map<string, number>();
    for (const e of bus.published) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
    expect(counts.size).toBe(400);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(new Set(ids)).toEqual(new Set(counts.keys()));
  });

  it('keeps failed rows, records the error, and publishes them once the bus recovers', async () => {
    await clear();
    const [id] = await addMany(1);
    const bus = recordingBus();
    bus.fail(new Error('broker down'));
    const relay = new OutboxRelay({
      dataSource,
      schema: SCHEMA,
      bus,
      intervalMs: 10,
      logger: silentEventsLogger,
    });
    expect(await relay.runOnce()).toEqual({ claimed: 1, published: 0, failed: 1 });
    const [row] = (await dataSource.query(
      `SELECT attempts, last_error, published_at, locked_until FROM "${SCHEMA}"."outbox" WHERE id = $1`,
      [id],
    )) as Array<{
      attempts: number;
      last_error: string;
      published_at: Date | null;
      locked_until: Date | null;
    }>;
    expect(row).toMatchObject({
      attempts: 1,
      last_error: 'broker down',
      published_at: null,
      locked_until: null,
    });

    relay.start(); // backs off while failing, then recovers
    bus.fail(null);
    await eventually(async () => (await relay.pendingCount()) === 0, 'published after recovery');
    await relay.stop();
    expect(bus.published.map((e) => e.id)).toEqual([id]);
  });

  it('skips rows leased by another relay until the lease ends (a crashed replica)', async () => {
    await clear();
    const [id] = await addMany(1);
    await dataSource.query(
      `UPDATE "${SCHEMA}"."outbox" SET locked_until = now() + interval '1 hour' WHERE id = $1`,
      [id],
    );
    const bus = recordingBus();
    const relay = new OutboxRelay({ dataSource, schema: SCHEMA, bus, logger: silentEventsLogger });
    expect((await relay.runOnce()).claimed).toBe(0);
    await dataSource.query(
      `UPDATE "${SCHEMA}"."outbox" SET locked_until = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    expect(await relay.runOnce()).toMatchObject({ claimed: 1, published: 1 });
    expect(bus.published.map((e) => e.id)).toEqual([id]);
  });

  it('is nudged by the commit of a transaction that added events', async () => {
    await clear();
    const bus = recordingBus();
    const relay = new OutboxRelay({
      dataSource,
      schema: SCHEMA,
      bus,
      intervalMs: 60_000,
      logger: silentEventsLogger,
    });
    relay.start();
    // Whatever round picks the first event up, the relay then sleeps for a minute: the second
    // event can only go out quickly because its commit nudges the relay.
    const [first] = await addMany(1);
    await eventually(() => bus.published.length === 1, 'first publish', 5_000);
    const [second] = await addMany(1);
    await eventually(() => bus.published.length === 2, 'nudged publish', 5_000);
    expect(bus.published.map((e) => e.id)).toEqual([first, second]);
    await relay.stop();
    expect(dataSource.subscribers).toHaveLength(0);
  });

  it('lets commits that come during a round share the next one (coalesceMs), the first still at once', async () => {
    /** Rounds that claimed something while 10 events are committed 20 ms apart (a publish: 30 ms). */
    const claimingRounds = async (coalesceMs: number) => {
      await clear();
      const bus = recordingBus(30);
      const relay = new OutboxRelay({
        dataSource,
        schema: SCHEMA,
        bus,
        intervalMs: 60_000,
        coalesceMs,
        logger: silentEventsLogger,
      });
      let rounds = 0;
      const runOnce = relay.runOnce.bind(relay);
      relay.runOnce = async () => {
        const result = await runOnce();
        if (result.claimed > 0) rounds++;
        return result;
      };
      relay.start();
      const started = Date.now();
      const [first] = await addMany(1);
      // A quiet relay publishes the first commit at once, whatever coalesceMs is.
      await eventually(() => bus.published.length === 1, 'first publish', 5_000);
      const firstAfterMs = Date.now() - started;
      const ids = [first];
      for (let i = 0; i < 9; i++) {
        await new Promise((r) => setTimeout(r, 20));
        ids.push(...(await addMany(1)));
      }
      await eventually(() => bus.published.length === 10, 'all published', 5_000);
      await relay.stop();
      expect(bus.published.map((e) => e.id)).toEqual(ids);
      return { rounds, firstAfterMs };
    };
    const coalesced = await claimingRounds(250);
    expect(coalesced.rounds).toBeLessThanOrEqual(4);
    expect(coalesced.firstAfterMs).toBeLessThan(1_000);
    // Back to back, nearly every commit gets a round of its own.
    expect((await claimingRounds(0)).rounds).toBeGreaterThanOrEqual(6);
  });

  interface PlanNode {
    'Node Type': string;
    'Actual Rows': number;
    'Exact Heap Blocks'?: number;
    Plans?: PlanNode[];
  }
  const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];
  /**
   * Heap pages a plan's bitmap scans visited. (An index-only walk's heap fetches are left out: they
   * depend on whether concurrent transactions let an earlier walk mark dead entries, as under CI.)
   */
  const bitmapHeapPages = (plan: PlanNode) =>
    Math.max(
      0,
      ...planNodes(plan)
        .filter((n) => n['Node Type'] === 'Bitmap Heap Scan')
        .map((n) => n['Exact Heap Blocks'] ?? 0),
    );
  /** The executed plan of a statement (run, then rolled back). */
  const executedPlan = async (sql: string, params: unknown[] = []): Promise<PlanNode> => {
    const runner = dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      const [row] = (await runner.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params)) as Array<{
        'QUERY PLAN': Array<{ Plan: PlanNode }>;
      }>;
      return row!['QUERY PLAN'][0]!.Plan;
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  };
  /**
   * One parked row (unpublished for good), then 10,000 published ones, then `pending` new rows: the
   * published rows leave dead index entries until VACUUM. Answers the outbox table's name.
   */
  const outboxAfterManyPublished = async (pending: number) => {
    await clear();
    const table = `"${SCHEMA}"."outbox"`;
    await addMany(1);
    await dataSource.query(`UPDATE ${table} SET "parked_at" = now()`);
    await dataSource.query(
      `INSERT INTO ${table} ("id", "type", "payload", "created_at")
       SELECT gen_random_uuid(), 'identity.user.deleted', '{}'::jsonb, now() FROM generate_series(1, 10000)`,
    );
    await dataSource.query(`UPDATE ${table} SET "published_at" = now() WHERE "parked_at" IS NULL`);
    await addMany(pending);
    return table;
  };

  it('claims without visiting the rows published before it (their dead index entries are skipped)', async () => {
    const table = await outboxAfterManyPublished(1);
    const plan = await executedPlan(claimStatement(table), [100, 30_000]);
    expect(plan['Actual Rows']).toBe(1);
    // Without the bound (or with a parked row holding it), a bitmap scan visits every page of the
    // 10,000 published rows (~170 here) on every claim; with it, the new row's.
    expect(bitmapHeapPages(plan)).toBeLessThan(10);
  });

  it("counts health's pending and parked rows without visiting the rows published before them", async () => {
    const table = await outboxAfterManyPublished(2);
    const relay = new OutboxRelay({
      dataSource,
      schema: SCHEMA,
      bus: recordingBus(),
      logger: silentEventsLogger,
    });
    expect(await relay.stats()).toMatchObject({ pending: 2, parked: 1 });
    // Through one index of all unpublished rows, every page of the 10,000 published ones (~290
    // here); through the claimable and parked indexes, a few.
    expect(bitmapHeapPages(await executedPlan(statsStatement(table)))).toBeLessThan(10);
  });

  it('purges rows published longer ago than the retention', async () => {
    await clear();
    await addMany(3);
    const bus = recordingBus();
    const relay = new OutboxRelay({
      dataSource,
      schema: SCHEMA,
      bus,
      retainPublishedMs: 60_000,
      logger: silentEventsLogger,
    });
    await relay.runOnce();
    expect(await relay.purgePublished()).toBe(0);
    await dataSource.query(`UPDATE "${SCHEMA}"."outbox" SET published_at = now() - interval '2 minutes'`);
    expect(await relay.purgePublished()).toBe(3);
  });

  it('Inbox.handleOnce applies an event once per consumer, even concurrently', async () => {
    await dataSource.query(`CREATE TABLE IF NOT EXISTS "${SCHEMA}"."hits" (event_id uuid, consumer text)`);
    const envelope = { id: '00000000-0000-4000-8000-000000000123' };
    const effect = (consumer: string) => async (manager: import('typeorm').EntityManager) => {
      await manager.query(`INSERT INTO "${SCHEMA}"."hits" VALUES ($1, $2)`, [envelope.id, consumer]);
      await new Promise((r) => setTimeout(r, 20)); // widen the race
    };
    const results = await Promise.all([
      Inbox.handleOnce(dataSource, SCHEMA, 'c1', envelope, effect('c1')),
      Inbox.handleOnce(dataSource, SCHEMA, 'c1', envelope, effect('c1')),
      Inbox.handleOnce(dataSource, SCHEMA, 'c1', envelope, effect('c1')),
      Inbox.handleOnce(dataSource, SCHEMA, 'c2', envelope, effect('c2')),
    ]);
    expect(results.filter(Boolean)).toHaveLength(2);
    const hits: Array<{ consumer: string }> = await dataSource.query(
      `SELECT consumer FROM "${SCHEMA}"."hits" ORDER BY consumer`,
    );
    expect(hits.map((h) => h.consumer)).toEqual(['c1', 'c2']);

    // A failing effect records nothing: the next delivery applies it.
    const other = { id: '00000000-0000-4000-8000-000000000124' };
    await expect(
      Inbox.handleOnce(dataSource, SCHEMA, 'c1', other, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await Inbox.hasProcessed(dataSource, SCHEMA, 'c1', other.id)).toBe(false);
    expect(await Inbox.handleOnce(dataSource, SCHEMA, 'c1', other, async () => undefined)).toBe(true);
  });

  it('the migration can be reverted', async () => {
    await dataSource.undoLastMigration();
    const tables: Array<{ table_name: string }> = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_name IN ('outbox', 'inbox')`,
      [SCHEMA],
    );
    expect(tables).toEqual([]);
    await dataSource.runMigrations();
  });
});

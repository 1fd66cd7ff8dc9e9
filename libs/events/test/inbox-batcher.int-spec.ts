import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { Inbox, InboxBatcher } from '../src/index.js';
import { createDataSource, createTestDatabase, type TestDatabase } from './helpers.js';

const SCHEMA = 'batching';
const eventId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('InboxBatcher (PostgreSQL)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('batcher');
    dataSource = await createDataSource(db.url, SCHEMA);
    await dataSource.query(
      `CREATE TABLE "${SCHEMA}"."hits" (seq serial, event_id uuid, consumer text, txid bigint)`,
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  beforeEach(async () => {
    await dataSource.query(`TRUNCATE "${SCHEMA}"."hits", "${SCHEMA}"."inbox"`);
  });

  /** An effect that records which event it applied, and in which transaction. */
  const record =
    (id: string, consumer = 'c1', holdMs = 0) =>
    async (manager: EntityManager) => {
      await manager.query(
        `INSERT INTO "${SCHEMA}"."hits" (event_id, consumer, txid) VALUES ($1, $2, txid_current())`,
        [id, consumer],
      );
      if (holdMs > 0) await new Promise((r) => setTimeout(r, holdMs));
    };
  const hits = async () =>
    (await dataSource.query(
      `SELECT event_id, consumer, txid FROM "${SCHEMA}"."hits" ORDER BY seq`,
    )) as Array<{
      event_id: string;
      consumer: string;
      txid: string;
    }>;

  it('applies the events that arrive while a transaction runs together, in one, in arrival order', async () => {
    const batcher = new InboxBatcher(dataSource, SCHEMA);
    // The first event holds its transaction open, so the next five queue behind it.
    const first = batcher.handleOnce('c1', { id: eventId(1) }, record(eventId(1), 'c1', 50));
    const rest = [2, 3, 4, 5, 6].map((n) => batcher.handleOnce('c1', { id: eventId(n) }, record(eventId(n))));
    expect(await Promise.all([first, ...rest])).toEqual([true, true, true, true, true, true]);

    const applied = await hits();
    expect(applied.map((h) => h.event_id)).toEqual([1, 2, 3, 4, 5, 6].map(eventId));
    expect(new Set(applied.slice(1).map((h) => h.txid)).size).toBe(1);
    expect(applied[1]!.txid).not.toBe(applied[0]!.txid);
    for (const n of [1, 2, 3, 4, 5, 6])
      expect(await Inbox.hasProcessed(dataSource, SCHEMA, 'c1', eventId(n))).toBe(true);
  });

  it('applies an event once per consumer: a redelivery in the same batch or after it changes nothing', async () => {
    const batcher = new InboxBatcher(dataSource, SCHEMA);
    expect(await batcher.handleOnce('c1', { id: eventId(7) }, record(eventId(7)))).toBe(true);
    const hold = batcher.handleOnce('c1', { id: eventId(8) }, record(eventId(8), 'c1', 50));
    const burst = [
      batcher.handleOnce('c1', { id: eventId(9) }, record(eventId(9))),
      batcher.handleOnce('c1', { id: eventId(9) }, record(eventId(9))),
      batcher.handleOnce('c1', { id: eventId(7) }, record(eventId(7))),
      batcher.handleOnce('c2', { id: eventId(9) }, record(eventId(9), 'c2')),
    ];
    expect(await Promise.all([hold, ...burst])).toEqual([true, true, false, false, true]);
    expect((await hits()).map((h) => `${h.event_id.slice(-2)} ${h.consumer}`)).toEqual([
      '07 c1',
      '08 c1',
      '09 c1',
      '09 c2',
    ]);
  });

  it('lets a bad event fail alone: the rest of its batch is applied once and recorded', async () => {
    const batcher = new InboxBatcher(dataSource, SCHEMA);
    const hold = batcher.handleOnce('c1', { id: eventId(10) }, record(eventId(10), 'c1', 50));
    const burst = [11, 12, 13, 14].map((n) =>
      batcher.handleOnce('c1', { id: eventId(n) }, async (manager) => {
        await record(eventId(n))(manager);
        if (n === 12) throw new Error('bad event 12');
      }),
    );
    const outcomes = await Promise.allSettled([hold, ...burst]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toEqual(new Error('bad event 12'));
    // The batch's first attempt was rolled back whole: each good event shows once.
    expect((await hits()).map((h) => h.event_id)).toEqual([10, 11, 13, 14].map(eventId));
    expect(await Inbox.hasProcessed(dataSource, SCHEMA, 'c1', eventId(12))).toBe(false);
    // The redelivery applies it once it works.
    expect(await batcher.handleOnce('c1', { id: eventId(12) }, record(eventId(12)))).toBe(true);
  });
});

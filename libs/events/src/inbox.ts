import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope } from '@dinebuds/contracts';
import { eventTables } from './schema.js';

/**
 * Idempotent consumption: a consumer records each event id in its inbox in the same transaction as
 * the event's effect, so a redelivered event is applied once.
 */
export class Inbox {
  /**
   * In one transaction: insert (event id, consumer) into `<schema>.inbox`; if it was already there,
   * skip; otherwise run `effect` with the same manager. Resolves true if the effect ran (and
   * committed), false if the event had already been processed by this consumer. If `effect`
   * throws, nothing is recorded and the error propagates (the bus retries the delivery).
   *
   * `consumer` names the effect, e.g. 'reviews.follow-projection': distinct consumers of the
   * same event each apply it once.
   */
  static async handleOnce(
    dataSource: DataSource,
    schema: string,
    consumer: string,
    envelope: Pick<EventEnvelope, 'id'>,
    effect: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    if (!consumer) throw new Error('Inbox.handleOnce: consumer is required');
    const { inbox } = eventTables(schema);
    return dataSource.transaction(async (manager) => {
      // A concurrent delivery of the same event blocks here until the first transaction ends,
      // then sees the conflict (committed) or inserts (rolled back).
      const inserted: unknown[] = await manager.query(
        `INSERT INTO ${inbox} ("event_id", "consumer") VALUES ($1, $2)
         ON CONFLICT ("event_id", "consumer") DO NOTHING
         RETURNING "event_id"`,
        [envelope.id, consumer],
      );
      if (inserted.length === 0) return false;
      await effect(manager);
      return true;
    });
  }

  /** Whether `consumer` has already processed the event (diagnostics, tests). */
  static async hasProcessed(dataSource: DataSource, schema: string, consumer: string, eventId: string) {
    const { inbox } = eventTables(schema);
    const rows: unknown[] = await dataSource.query(
      `SELECT 1 FROM ${inbox} WHERE "event_id" = $1 AND "consumer" = $2`,
      [eventId, consumer],
    );
    return rows.length > 0;
  }
}

interface PendingEvent {
  consumer: string;
  eventId: string;
  effect: (manager: EntityManager) => Promise<void>;
  settle: (outcome: PromiseSettledResult<boolean>) => void;
}

/** Events applied in one transaction at most (a bound on how long its row locks are held). */
const MAX_BATCH = 50;

/**
 * Inbox.handleOnce for a burst: calls that arrive while a transaction is running wait and are
 * applied together in the next one, with one BEGIN/COMMIT and one inbox insert for all of them
 * instead of one each (a review burst cost identity five round trips per event). Effects run one
 * after another in arrival order on the batch's transaction; at most one batch runs at a time,
 * so batches of one process never wait on each other's row locks. A batch whose effect throws
 * is rolled back and its events applied one by one, so a bad event fails alone and the good
 * ones still commit.
 */
export class InboxBatcher {
  private pending: PendingEvent[] = [];
  private running = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly maxBatch = MAX_BATCH,
  ) {}

  /** As Inbox.handleOnce: true if the effect ran and committed, false for a duplicate. */
  handleOnce(
    consumer: string,
    envelope: Pick<EventEnvelope, 'id'>,
    effect: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    if (!consumer) return Promise.reject(new Error('InboxBatcher.handleOnce: consumer is required'));
    return new Promise((resolve, reject) => {
      this.pending.push({
        consumer,
        eventId: envelope.id,
        effect,
        settle: (outcome) =>
          outcome.status === 'fulfilled' ? resolve(outcome.value) : reject(outcome.reason),
      });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.length > 0) await this.apply(this.pending.splice(0, this.maxBatch));
    } finally {
      this.running = false;
    }
  }

  private async apply(batch: PendingEvent[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const applied = await this.dataSource.transaction((manager) => this.applyAll(manager, batch));
        batch.forEach((event, i) => event.settle({ status: 'fulfilled', value: applied[i]! }));
        return;
      } catch {
        // Rolled back: nothing of the batch is recorded. Each on its own finds the culprit.
      }
    }
    for (const event of batch) {
      const outcome = await Inbox.handleOnce(
        this.dataSource,
        this.schema,
        event.consumer,
        { id: event.eventId },
        event.effect,
      ).then(
        (value): PromiseSettledResult<boolean> => ({ status: 'fulfilled', value }),
        (reason: unknown): PromiseSettledResult<boolean> => ({ status: 'rejected', reason }),
      );
      event.settle(outcome);
    }
  }

  /** Records the batch's new (event, consumer) pairs in one insert, then runs their effects. */
  private async applyAll(manager: EntityManager, batch: PendingEvent[]): Promise<boolean[]> {
    const { inbox } = eventTables(this.schema);
    const inserted: Array<{ event_id: string; consumer: string }> = await manager.query(
      `INSERT INTO ${inbox} ("event_id", "consumer")
       SELECT * FROM unnest($1::uuid[], $2::text[])
       ON CONFLICT ("event_id", "consumer") DO NOTHING
       RETURNING "event_id", "consumer"`,
      [batch.map((e) => e.eventId), batch.map((e) => e.consumer)],
    );
    const fresh = new Set(inserted.map((row) => `${row.event_id} ${row.consumer}`));
    const applied: boolean[] = [];
    for (const event of batch) {
      // delete: the same event twice in one batch (a redelivery) is applied once.
      if (!fresh.delete(`${event.eventId.toLowerCase()} ${event.consumer}`)) {
        applied.push(false);
        continue;
      }
      await event.effect(manager);
      applied.push(true);
    }
    return applied;
  }
}

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

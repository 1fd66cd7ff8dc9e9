import type { DataSource } from 'typeorm';
import { consoleEventsLogger, errorInfo, type EventsLogger } from './logger.js';
import { ensureEventsSchema, eventTables } from './schema.js';

export interface InboxPurgerOptions {
  dataSource: DataSource;
  /** The service's schema holding `inbox`. */
  schema: string;
  /** Inbox rows processed longer ago than this are deleted. Default 14 days; 0 keeps them. */
  retentionMs?: number;
  /** How often to purge. Default 1 hour. */
  intervalMs?: number;
  /** Rows deleted per statement (short transactions on a big table). Default 10 000. */
  batchSize?: number;
  logger?: EventsLogger;
}

export const DEFAULT_INBOX_RETENTION_DAYS = 14;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes old inbox rows on a schedule, so the inbox does not grow forever. An event redelivered
 * after the retention would be applied again: keep the retention well above any redelivery
 * delay (retries take seconds, a broker outage hours).
 */
export class InboxPurger {
  private readonly dataSource: DataSource;
  private readonly schema: string;
  private readonly table: string;
  private readonly retentionMs: number;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly logger: EventsLogger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(options: InboxPurgerOptions) {
    this.dataSource = options.dataSource;
    this.schema = options.schema;
    this.table = eventTables(options.schema).inbox;
    this.retentionMs = Math.max(0, options.retentionMs ?? DEFAULT_INBOX_RETENTION_DAYS * DAY_MS);
    this.intervalMs = Math.max(1000, options.intervalMs ?? 3600 * 1000);
    this.batchSize = Math.max(1, options.batchSize ?? 10_000);
    this.logger = options.logger ?? consoleEventsLogger;
  }

  /** Purges now and then every intervalMs (idempotent; does nothing when retention is 0). */
  start(): void {
    if (this.timer || this.retentionMs === 0) return;
    const tick = () => {
      this.running ??= this.purge()
        .catch((err: unknown) => this.logger.warn({ err: errorInfo(err) }, 'Inbox purge failed'))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
    tick();
  }

  /** Stops the schedule and waits for a purge in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Deletes rows older than the retention, in batches. Returns how many. */
  async purge(): Promise<number> {
    if (this.retentionMs === 0) return 0;
    await ensureEventsSchema(this.dataSource, this.schema);
    let total = 0;
    for (;;) {
      const [, affected] = (await this.dataSource.query(
        `DELETE FROM ${this.table} WHERE ctid IN (
           SELECT ctid FROM ${this.table}
           WHERE "processed_at" < now() - $1 * interval '1 millisecond' LIMIT $2)`,
        [this.retentionMs, this.batchSize],
      )) as [unknown, number];
      total += affected;
      if (affected < this.batchSize) break;
    }
    if (total > 0) this.logger.info({ deleted: total, schema: this.schema }, 'Purged old inbox rows');
    return total;
  }
}

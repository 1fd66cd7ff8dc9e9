import type { DataSource, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import type { EventEnvelope } from '@dinebuds/contracts';
import type { EventBus } from './event-bus.js';
import { consoleEventsLogger, errorInfo, type EventsLogger } from './logger.js';
import { outboxWriters } from './outbox.js';
import { eventTables } from './schema.js';
import { withTimeout } from './util.js';

export interface OutboxRelayOptions {
  dataSource: DataSource;
  /** The service's schema holding `outbox`. */
  schema: string;
  bus: EventBus;
  /** Poll interval when idle, in ms. Default 200. */
  intervalMs?: number;
  /** Rows claimed per round. Default 100. */
  batchSize?: number;
  /**
   * How long one publish may take before the row is released for a later attempt. Default 15 s.
   * The row stays leased to this relay (other replicas skip it) for twice that.
   */
  publishTimeoutMs?: number;
  /** Published rows older than this are deleted (checked about once a minute). Default 7 days; 0 keeps them. */
  retainPublishedMs?: number;
  /**
   * Nudge the relay automatically right after a transaction that called Outbox.add commits
   * (installs a TypeORM subscriber on the data source while running). Default true.
   */
  nudgeOnCommit?: boolean;
  logger?: EventsLogger;
}

export interface RelayRoundResult {
  /** Rows claimed this round. */
  claimed: number;
  published: number;
  failed: number;
}

interface OutboxRow {
  id: string;
  payload: EventEnvelope | string;
}

const PURGE_EVERY_MS = 60_000;

/**
 * Publishes committed outbox rows to the bus in `seq` order and marks them published.
 *
 * Each round claims a batch with `SELECT ... FOR UPDATE SKIP LOCKED` and leases it
 * (`locked_until`) in a short transaction, publishes without holding a transaction open (a broker
 * outage never pins a database connection or row locks), then marks the confirmed rows published
 * and releases the failed ones. Several replicas can run at once; a replica that dies mid-round
 * leaves its rows to be re-published when the lease ends (consumers' inboxes drop the duplicate).
 */
export class OutboxRelay {
  private readonly dataSource: DataSource;
  private readonly bus: EventBus;
  private readonly table: string;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly publishTimeoutMs: number;
  private readonly leaseMs: number;
  private readonly retainPublishedMs: number;
  private readonly nudgeOnCommit: boolean;
  private readonly logger: EventsLogger;
  private loopPromise: Promise<void> | undefined;
  private stopping = false;
  private nudged = false;
  private wake: (() => void) | undefined;
  private lastPurge = 0;
  private readonly commitHook: EntitySubscriberInterface = {
    afterTransactionCommit: ({ queryRunner }) => this.onTransactionEnd(queryRunner, true),
    afterTransactionRollback: ({ queryRunner }) => this.onTransactionEnd(queryRunner, false),
  };

  constructor(options: OutboxRelayOptions) {
    this.dataSource = options.dataSource;
    this.bus = options.bus;
    this.table = eventTables(options.schema).outbox;
    this.intervalMs = Math.max(1, options.intervalMs ?? 200);
    this.batchSize = Math.max(1, options.batchSize ?? 100);
    this.publishTimeoutMs = options.publishTimeoutMs ?? 15_000;
    this.leaseMs = this.publishTimeoutMs * 2;
    this.retainPublishedMs = options.retainPublishedMs ?? 7 * 24 * 3600 * 1000;
    this.nudgeOnCommit = options.nudgeOnCommit ?? true;
    this.logger = options.logger ?? consoleEventsLogger;
  }

  get running(): boolean {
    return this.loopPromise !== undefined;
  }

  /** Starts the background loop (idempotent). */
  start(): void {
    if (this.loopPromise) return;
    this.stopping = false;
    if (this.nudgeOnCommit) this.dataSource.subscribers.push(this.commitHook);
    this.loopPromise = this.loop();
  }

  /** Run a round now instead of at the next interval (call after committing events). */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  /** Stops the loop, waiting for the current round to finish. */
  async stop(): Promise<void> {
    if (!this.loopPromise) return;
    this.stopping = true;
    this.wake?.();
    await this.loopPromise;
    this.loopPromise = undefined;
    const subscribers = this.dataSource.subscribers;
    const index = subscribers.indexOf(this.commitHook);
    if (index >= 0) subscribers.splice(index, 1);
  }

  /** One round: claim, publish, mark. Usable without start() (tests, scripts). */
  async runOnce(): Promise<RelayRoundResult> {
    const rows = await this.claim();
    if (rows.length === 0) return { claimed: 0, published: 0, failed: 0 };

    const results = await Promise.allSettled(
      rows.map((row) =>
        withTimeout(this.bus.publish(toEnvelope(row.payload)), this.publishTimeoutMs, 'publish timed out'),
      ),
    );
    const published: string[] = [];
    const failed: Array<{ id: string; error: string }> = [];
    results.forEach((result, i) => {
      const id = rows[i]!.id;
      if (result.status === 'fulfilled') published.push(id);
      else failed.push({ id, error: errorInfo(result.reason).message.slice(0, 1000) });
    });

    await this.dataSource.transaction(async (manager) => {
      if (published.length > 0) {
        await manager.query(
          `UPDATE ${this.table} SET "published_at" = now(), "locked_until" = NULL, "last_error" = NULL
           WHERE "id" = ANY($1::uuid[])`,
          [published],
        );
      }
      if (failed.length > 0) {
        await manager.query(
          `UPDATE ${this.table} AS o SET "locked_until" = NULL, "last_error" = f.error
           FROM unnest($1::uuid[], $2::text[]) AS f(id, error) WHERE o."id" = f.id`,
          [failed.map((f) => f.id), failed.map((f) => f.error)],
        );
      }
    });
    if (failed.length > 0) {
      this.logger.warn(
        { failed: failed.length, published: published.length, error: failed[0]!.error },
        'Some outbox events could not be published; will retry',
      );
    }
    return { claimed: rows.length, published: published.length, failed: failed.length };
  }

  /** Number of rows not yet published (health and tests). */
  async pendingCount(): Promise<number> {
    const rows: Array<{ n: string }> = await this.dataSource.query(
      `SELECT count(*)::text AS n FROM ${this.table} WHERE "published_at" IS NULL`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  private async claim(): Promise<OutboxRow[]> {
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT "id", "payload" FROM ${this.table}
         WHERE "published_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < now())
         ORDER BY "seq"
         LIMIT $1
         FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length > 0) {
        await manager.query(
          `UPDATE ${this.table}
           SET "locked_until" = now() + $2 * interval '1 millisecond', "attempts" = "attempts" + 1
           WHERE "id" = ANY($1::uuid[])`,
          [rows.map((r) => r.id), this.leaseMs],
        );
      }
      return rows;
    });
  }

  /** Deletes rows published longer ago than retainPublishedMs (the loop calls it about once a minute). */
  async purgePublished(): Promise<number> {
    if (this.retainPublishedMs <= 0) return 0;
    const [, affected] = (await this.dataSource.query(
      `DELETE FROM ${this.table} WHERE "published_at" < now() - $1 * interval '1 millisecond'`,
      [this.retainPublishedMs],
    )) as [unknown, number];
    return affected;
  }

  private async maybePurge(): Promise<void> {
    if (this.retainPublishedMs <= 0 || Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await this.purgePublished();
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      this.nudged = false;
      let more = false;
      try {
        const result = await this.runOnce();
        failures = result.failed > 0 ? failures + 1 : 0;
        more = result.claimed === this.batchSize && result.failed === 0;
        if (result.claimed === 0) await this.maybePurge();
      } catch (err) {
        failures++;
        this.logger.error({ err: errorInfo(err), failures }, 'Outbox relay round failed');
      }
      if (this.stopping) break;
      if (more) continue;
      // Back off while publishing or the database fails; nudges do not shorten a back-off.
      const delay = failures > 0 ? Math.min(this.intervalMs * 2 ** failures, 5_000) : this.intervalMs;
      await this.idle(delay, failures === 0);
    }
  }

  private idle(ms: number, wakeOnNudge: boolean): Promise<void> {
    if (wakeOnNudge && this.nudged) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = () => {
        if (this.stopping || wakeOnNudge) done();
      };
    });
  }

  private onTransactionEnd(queryRunner: QueryRunner | undefined, committed: boolean): void {
    if (!queryRunner || queryRunner.isTransactionActive || !outboxWriters.has(queryRunner)) return;
    outboxWriters.delete(queryRunner);
    if (committed) this.nudge();
  }
}

function toEnvelope(payload: EventEnvelope | string): EventEnvelope {
  return typeof payload === 'string' ? (JSON.parse(payload) as EventEnvelope) : payload;
}

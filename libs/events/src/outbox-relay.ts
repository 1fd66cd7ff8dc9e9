import type { DataSource, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import type { EventEnvelope } from '@dinebuds/contracts';
import { preparedQuery } from '@dinebuds/database';
import type { EventBus } from './event-bus.js';
import { eventsInstrumentation } from './instrumentation.js';
import { consoleEventsLogger, errorInfo, type EventsLogger } from './logger.js';
import { outboxWriters } from './outbox.js';
import { CLAIMABLE_OUTBOX_ROWS, ensureEventsSchema, eventTables, PARKED_OUTBOX_ROWS } from './schema.js';
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
  /**
   * When events were committed during a round, the next round waits this long (ms) so that
   * the commits of a steady write load share one claim and one mark instead of a round each;
   * the first event after a quiet spell still goes at once. Default 10; 0 runs back to back.
   */
  coalesceMs?: number;
  /**
   * Failed publishes per row before the row is parked (kept, no longer retried, logged and
   * counted; see retryParked()). Attempts while the bus reports itself unhealthy (broker down)
   * do not count. Default 20.
   */
  maxAttempts?: number;
  /** Back-off of a failed row: base · 2^(attempts-1), capped, with jitter (×0.5..1). Default 1 s. */
  retryBaseMs?: number;
  /** Cap of the back-off. Default 5 minutes. */
  retryMaxMs?: number;
  logger?: EventsLogger;
}

/** Outbox backlog for health checks. */
export interface OutboxStats {
  /** Rows waiting to be published (parked rows excluded). */
  pending: number;
  /** Rows that failed maxAttempts times and wait for an operator (retryParked()). */
  parked: number;
  /** Age of the oldest pending row in seconds (0 when none). */
  oldestPendingSeconds: number;
}

export interface RelayRoundResult {
  /** Rows claimed this round. */
  claimed: number;
  published: number;
  failed: number;
}

interface OutboxRow {
  id: string;
  type: string;
  payload: EventEnvelope | string;
  /** Attempts including the one this round is making. */
  attempts: number;
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
  /** The two statements of every round, prepared under names of this schema. */
  private readonly claimSql: string;
  private readonly statsSql: string;
  private readonly publishedSql: string;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly publishTimeoutMs: number;
  private readonly leaseMs: number;
  private readonly retainPublishedMs: number;
  private readonly nudgeOnCommit: boolean;
  private readonly coalesceMs: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly schema: string;
  private readonly logger: EventsLogger;
  private parkedByThisRelay = 0;
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
    this.schema = options.schema;
    this.table = eventTables(options.schema).outbox;
    this.claimSql = claimStatement(this.table);
    this.statsSql = statsStatement(this.table);
    this.publishedSql = `UPDATE ${this.table} SET "published_at" = now(), "locked_until" = NULL,
       "last_error" = NULL, "next_attempt_at" = NULL WHERE "id" = ANY($1::uuid[])`;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 20);
    this.retryBaseMs = Math.max(1, options.retryBaseMs ?? 1000);
    this.retryMaxMs = Math.max(this.retryBaseMs, options.retryMaxMs ?? 5 * 60_000);
    this.intervalMs = Math.max(1, options.intervalMs ?? 200);
    this.batchSize = Math.max(1, options.batchSize ?? 100);
    this.publishTimeoutMs = options.publishTimeoutMs ?? 15_000;
    this.leaseMs = this.publishTimeoutMs * 2;
    this.retainPublishedMs = options.retainPublishedMs ?? 7 * 24 * 3600 * 1000;
    this.nudgeOnCommit = options.nudgeOnCommit ?? true;
    this.coalesceMs = Math.max(0, options.coalesceMs ?? 10);
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
    await ensureEventsSchema(this.dataSource, this.schema);
    const rows = await this.claim();
    if (rows.length === 0) return { claimed: 0, published: 0, failed: 0 };

    const hooks = eventsInstrumentation();
    const results = await Promise.allSettled(
      rows.map(async (row) => {
        const envelope = toEnvelope(row.payload);
        const started = performance.now();
        try {
          await hooks.publish(envelope, (stamped) =>
            withTimeout(this.bus.publish(stamped), this.publishTimeoutMs, 'publish timed out'),
          );
          hooks.published(envelope, 'confirmed', (performance.now() - started) / 1000);
        } catch (err) {
          const outcome =
            err instanceof Error && err.name === 'UnroutableEventError' ? 'unroutable' : 'failed';
          hooks.published(envelope, outcome, (performance.now() - started) / 1000);
          throw err;
        }
      }),
    );
    const published: string[] = [];
    const failed: Array<{ id: string; error: string; delayMs: number; counted: boolean; park: boolean }> = [];
    // While the bus itself is down every publish fails: that is an outage, not this row's fault.
    const counted = this.bus.isHealthy();
    results.forEach((result, i) => {
      const row = rows[i]!;
      if (result.status === 'fulfilled') {
        published.push(row.id);
        return;
      }
      const attempts = counted ? row.attempts : Math.max(1, row.attempts - 1);
      failed.push({
        id: row.id,
        error: errorInfo(result.reason).message.slice(0, 1000),
        delayMs: this.backoffMs(attempts),
        counted,
        park: counted && row.attempts >= this.maxAttempts,
      });
    });

    // Each row's outcome stands alone: the two updates need no transaction around them.
    if (published.length > 0) {
      await preparedQuery(this.dataSource.manager, `outbox_published_${this.schema}`, this.publishedSql, [
        published,
      ]);
    }
    if (failed.length > 0) {
      await this.dataSource.query(
        `UPDATE ${this.table} AS o SET "locked_until" = NULL, "last_error" = f.error,
           "attempts" = CASE WHEN f.counted THEN o."attempts" ELSE greatest(o."attempts" - 1, 0) END,
           "next_attempt_at" = now() + f.delay_ms * interval '1 millisecond',
           "parked_at" = CASE WHEN f.park THEN now() ELSE NULL END
         FROM unnest($1::uuid[], $2::text[], $3::int[], $4::bool[], $5::bool[])
           AS f(id, error, delay_ms, counted, park)
         WHERE o."id" = f.id`,
        [
          failed.map((f) => f.id),
          failed.map((f) => f.error),
          failed.map((f) => f.delayMs),
          failed.map((f) => f.counted),
          failed.map((f) => f.park),
        ],
      );
    }
    const parked = failed.filter((f) => f.park);
    for (const f of parked) {
      const row = rows.find((r) => r.id === f.id)!;
      this.logger.error(
        { eventId: f.id, eventType: row.type, attempts: row.attempts, error: f.error },
        'Outbox event failed on every attempt; parked (see OutboxRelay.retryParked)',
      );
    }
    this.parkedByThisRelay += parked.length;
    if (failed.length > parked.length) {
      this.logger.warn(
        { failed: failed.length - parked.length, published: published.length, error: failed[0]!.error },
        'Some outbox events could not be published; will retry',
      );
    }
    return { claimed: rows.length, published: published.length, failed: failed.length };
  }

  /** Number of rows waiting to be published, parked ones excluded (health and tests). */
  async pendingCount(): Promise<number> {
    return (await this.stats()).pending;
  }

  /** Pending and parked counts and the age of the oldest pending row (health). */
  async stats(): Promise<OutboxStats> {
    await ensureEventsSchema(this.dataSource, this.schema);
    const rows: Array<{ pending: string; parked: string; oldest: number | null }> =
      await this.dataSource.query(this.statsSql);
    const row = rows[0];
    return {
      pending: Number(row?.pending ?? 0),
      parked: Number(row?.parked ?? 0),
      oldestPendingSeconds: Math.max(0, Math.floor(row?.oldest ?? 0)),
    };
  }

  /** Rows this relay parked since it was created (a counter for logs and metrics). */
  get parkedSinceStart(): number {
    return this.parkedByThisRelay;
  }

  /**
   * Gives parked rows (all, or those ids) a fresh set of attempts, e.g. once the cause is fixed.
   * Returns how many were unparked.
   */
  async retryParked(ids?: readonly string[]): Promise<number> {
    await ensureEventsSchema(this.dataSource, this.schema);
    const [, affected] = (await this.dataSource.query(
      `UPDATE ${this.table} SET "parked_at" = NULL, "attempts" = 0, "next_attempt_at" = NULL
       WHERE "parked_at" IS NOT NULL AND "published_at" IS NULL AND ($1::uuid[] IS NULL OR "id" = ANY($1::uuid[]))`,
      [ids ? [...ids] : null],
    )) as [unknown, number];
    if (affected > 0) this.nudge();
    return affected;
  }

  /** Exponential back-off with jitter (×0.5..1) so failed rows do not retry in lockstep. */
  private backoffMs(attempts: number): number {
    const exp = Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** Math.min(Math.max(0, attempts - 1), 30));
    return Math.round(exp * (0.5 + Math.random() / 2));
  }

  /**
   * Claims and leases the next batch in one statement (no transaction round trips): the inner
   * SELECT locks the rows it picks (others skip them), the UPDATE leases them. RETURNING has no
   * order, so the rows are put back in `seq` order here.
   */
  private async claim(): Promise<OutboxRow[]> {
    // Prepared: every relay polls, and planning this statement cost more than running it.
    const rows = await preparedQuery<OutboxRow & { seq: string }>(
      this.dataSource.manager,
      `outbox_claim_${this.schema}`,
      this.claimSql,
      [this.batchSize, this.leaseMs],
    );
    return rows.sort((a, b) => compareSeq(a.seq, b.seq));
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
        // Per-row back-off handles a few bad rows; the loop backs off only when nothing gets through.
        failures = result.failed > 0 && result.published === 0 ? failures + 1 : 0;
        more = result.claimed === this.batchSize && result.failed === 0;
        if (result.claimed === 0) await this.maybePurge();
      } catch (err) {
        failures++;
        this.logger.error({ err: errorInfo(err), failures }, 'Outbox relay round failed');
      }
      if (this.stopping) break;
      if (more) continue;
      if (failures === 0 && this.nudged && this.coalesceMs > 0) {
        // More commits came during the round: let the ones close behind them join the next.
        await this.idle(this.coalesceMs, false);
        continue;
      }
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

/**
 * The claim (`$1` batch size, `$2` lease in ms). The lower bound on `seq` is what keeps it cheap:
 * a published row leaves a dead entry in the partial index of claimable rows until VACUUM, and
 * without the bound the planner may read them all by bitmap, visiting every row published since
 * the last vacuum on each claim (2 ms a claim after 4,000 reviews where autovacuum was off). The
 * min() walks that index in order, which marks dead entries so later walks skip them. Parked rows
 * have an index of their own: in one index with the claimable ones, a row parked early held the
 * bound at its `seq`, back to visiting every row published since.
 */
export function claimStatement(table: string): string {
  return `UPDATE ${table} AS o
       SET "locked_until" = now() + $2 * interval '1 millisecond', "attempts" = o."attempts" + 1
       FROM (
         SELECT "id" FROM ${table}
         WHERE ${CLAIMABLE_OUTBOX_ROWS}
           AND ("locked_until" IS NULL OR "locked_until" < now())
           AND ("next_attempt_at" IS NULL OR "next_attempt_at" <= now())
           AND "seq" >= (SELECT min("seq") FROM ${table} WHERE ${CLAIMABLE_OUTBOX_ROWS})
         ORDER BY "seq"
         LIMIT $1
         FOR UPDATE SKIP LOCKED
       ) AS next
       WHERE o."id" = next."id"
       RETURNING o."id", o."type", o."payload", o."attempts", o."seq"::text AS "seq"`;
}

/**
 * Health's counts: the pending rows from the first claimable `seq` on, and the parked ones, each
 * in its own partial index, so neither reads the dead entries that rows published since the last
 * VACUUM leave in the index of unpublished rows (a whole-table visit on every health check).
 */
export function statsStatement(table: string): string {
  return `SELECT pending.n::text AS pending, parked.n::text AS parked, pending.oldest
       FROM (SELECT count(*) AS n, extract(epoch FROM now() - min("created_at"))::float8 AS oldest
             FROM ${table}
             WHERE ${CLAIMABLE_OUTBOX_ROWS} AND "seq" >= (SELECT min("seq") FROM ${table} WHERE ${CLAIMABLE_OUTBOX_ROWS})) AS pending,
            (SELECT count(*) AS n FROM ${table}
             WHERE ${PARKED_OUTBOX_ROWS}) AS parked`;
}

/** Orders two bigint `seq` values given as text (they may pass 2^53). */
function compareSeq(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function toEnvelope(payload: EventEnvelope | string): EventEnvelope {
  return typeof payload === 'string' ? (JSON.parse(payload) as EventEnvelope) : payload;
}

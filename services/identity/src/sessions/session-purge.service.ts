import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Transactions } from '@dinebuds/service-kit';
import { IDENTITY_SETTINGS, SESSION_PURGE_BATCH, type IdentitySettings } from '../config.js';
import { SessionsRepository } from './sessions.repository.js';

/**
 * Deletes expired sessions on a timer (once at start, then every sessionPurgeIntervalMs), so the
 * table holds only the last SESSION_TTL_DAYS of sessions. A revoked session stops sliding, so it
 * goes too once its expiry passes. Replicas may run it together: rows are claimed with
 * SKIP LOCKED. Served by sessions_expires_at_idx.
 */
@Injectable()
export class SessionPurgeService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SessionPurgeService.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopping = false;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly transactions: Transactions,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => this.tick(), this.settings.sessionPurgeIntervalMs);
    // The timer alone must not keep a stopping process alive.
    this.timer.unref();
    this.tick();
  }

  /** Stops the timer and lets a purge in progress finish before the data source closes. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Deletes every session whose expiry has passed, a batch at a time; returns how many. */
  async purgeExpired(): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.sessions.deleteExpiredBatch(this.transactions.outside, SESSION_PURGE_BATCH);
      total += deleted;
      // A stopping service leaves the rest of a large backlog to the next start.
      if (deleted < SESSION_PURGE_BATCH || this.stopping) return total;
    }
  }

  /** One run at a time; a failure (database away) is logged and the next tick tries again. */
  private tick(): void {
    if (this.running) return;
    this.running = this.purgeExpired()
      .then((deleted) => {
        if (deleted > 0) this.logger.log({ deleted }, 'Expired sessions purged');
      })
      .catch((error: unknown) => {
        this.logger.warn(
          { error: error instanceof Error ? error.message : String(error) },
          'Purging expired sessions failed; will retry',
        );
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}

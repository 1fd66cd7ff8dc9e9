import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PeriodicBatchJob, Transactions } from '@dinebuds/service-kit';
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
  private readonly job: PeriodicBatchJob;

  constructor(
    sessions: SessionsRepository,
    transactions: Transactions,
    @Inject(IDENTITY_SETTINGS) settings: IdentitySettings,
  ) {
    this.job = new PeriodicBatchJob({
      name: SessionPurgeService.name,
      intervalMs: settings.sessionPurgeIntervalMs,
      batchSize: SESSION_PURGE_BATCH,
      batch: (size) => sessions.deleteExpiredBatch(transactions.outside, size),
      done: 'Expired sessions purged',
      failed: 'Purging expired sessions failed; will retry',
    });
  }

  onModuleInit(): void {
    this.job.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.job.stop();
  }
}

import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PeriodicBatchJob } from '@dinebuds/service-kit';
import { REVIEWS_SETTINGS, type ReviewsSettings } from '../config.js';
import { CheckInsService } from './check-ins.service.js';

/** Check-ins closed per transaction: a large backlog is worked off in short transactions. */
export const CHECK_IN_CLOSE_BATCH = 500;

/**
 * Closes check-ins nobody checked out once their closing time passed (once at start, then every
 * checkInCloseIntervalSeconds), each with its reviews.checkin.ended event, so followers' feeds and
 * other services learn the visit ended. Reads already treat such a check-in as closed; this makes
 * the stored row and the events agree. Replicas may run it together (SKIP LOCKED).
 */
@Injectable()
export class CheckInCloserService implements OnModuleInit, OnModuleDestroy {
  private readonly job: PeriodicBatchJob;

  constructor(checkIns: CheckInsService, @Inject(REVIEWS_SETTINGS) settings: ReviewsSettings) {
    this.job = new PeriodicBatchJob({
      name: CheckInCloserService.name,
      intervalMs: settings.checkInCloseIntervalSeconds * 1000,
      batchSize: CHECK_IN_CLOSE_BATCH,
      batch: (size) => checkIns.closeExpired(size),
      done: 'Expired check-ins closed',
      failed: 'Closing expired check-ins failed; will retry',
    });
  }

  onModuleInit(): void {
    this.job.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.job.stop();
  }
}

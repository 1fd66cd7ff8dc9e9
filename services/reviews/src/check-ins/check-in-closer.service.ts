import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
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
  private readonly logger = new Logger(CheckInCloserService.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopping = false;

  constructor(
    private readonly checkIns: CheckInsService,
    @Inject(REVIEWS_SETTINGS) private readonly settings: ReviewsSettings,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => this.tick(), this.settings.checkInCloseIntervalSeconds * 1000);
    // The timer alone must not keep a stopping process alive.
    this.timer.unref();
    this.tick();
  }

  /** Stops the timer and lets a run in progress finish before the data source closes. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Closes every expired check-in, a batch at a time; returns how many. */
  async closeExpired(): Promise<number> {
    let total = 0;
    for (;;) {
      const closed = await this.checkIns.closeExpired(CHECK_IN_CLOSE_BATCH);
      total += closed;
      // A stopping service leaves the rest of a large backlog to the next start.
      if (closed < CHECK_IN_CLOSE_BATCH || this.stopping) return total;
    }
  }

  /** One run at a time; a failure (database away) is logged and the next tick tries again. */
  private tick(): void {
    if (this.running || this.stopping) return;
    this.running = this.closeExpired()
      .then((closed) => {
        if (closed > 0) this.logger.log({ closed }, 'Expired check-ins closed');
      })
      .catch((error: unknown) => {
        this.logger.warn(
          { error: error instanceof Error ? error.message : String(error) },
          'Closing expired check-ins failed; will retry',
        );
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}

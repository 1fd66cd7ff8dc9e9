import { Logger } from '@nestjs/common';

export interface PeriodicBatchJobOptions {
  /** The logger's context, e.g. the owning service class's name. */
  name: string;
  intervalMs: number;
  /** Rows one batch takes at most: a large backlog is worked off in short transactions. */
  batchSize: number;
  /** One batch of at most `size` rows; answers how many it handled. */
  batch: (size: number) => Promise<number>;
  /** What a run that handled rows logs, e.g. 'Expired sessions purged'. */
  done: string;
  /** What a failed run logs; the next tick tries again. */
  failed: string;
}

/**
 * Housekeeping on a timer (once at start, then every `intervalMs`): batches until one comes back
 * short, one run at a time. Replicas may run it together when each batch claims its rows (SKIP
 * LOCKED). A stopping service lets the run in progress finish its batch and leaves the rest of a
 * backlog to the next start.
 */
export class PeriodicBatchJob {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopping = false;

  constructor(private readonly options: PeriodicBatchJobOptions) {
    this.logger = new Logger(options.name);
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), this.options.intervalMs);
    // The timer alone must not keep a stopping process alive.
    this.timer.unref();
    this.tick();
  }

  /** Stops the timer and lets a run in progress finish before the data source closes. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Every batch until one comes back short (or the service stops); answers how many rows in all. */
  async runAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const handled = await this.options.batch(this.options.batchSize);
      total += handled;
      if (handled < this.options.batchSize || this.stopping) return total;
    }
  }

  /** One run at a time; a failure (database away) is logged and the next tick tries again. */
  private tick(): void {
    if (this.running || this.stopping) return;
    this.running = this.runAll()
      .then((rows) => {
        if (rows > 0) this.logger.log({ rows }, this.options.done);
      })
      .catch((error: unknown) => {
        this.logger.warn(
          { error: error instanceof Error ? error.message : String(error) },
          this.options.failed,
        );
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}

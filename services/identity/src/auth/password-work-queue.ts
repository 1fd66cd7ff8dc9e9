import { availableParallelism } from 'node:os';
import { busy } from '@dinebuds/errors';

export interface PasswordWorkLimits {
  /** Hashes/verifications running at once. */
  concurrency: number;
  /** Callers allowed to wait for a slot; one more is refused at once. */
  maxQueued: number;
  /** A caller that has waited this long is refused instead of being served late. */
  maxWaitMs: number;
}

export const PASSWORD_BUSY_MESSAGE = 'Sign-in is busy right now. Please try again in a moment.';

/** Callers that may wait per hash or verification running, by default. */
export const QUEUED_PER_WORKER = 8;

/**
 * Half the cores (at least one): argon2id takes a whole core for tens of milliseconds, so the
 * other half stays free for the event loop and PostgreSQL, and reads keep flowing in a sign-in storm.
 */
export function defaultPasswordWorkLimits(cores = availableParallelism()): PasswordWorkLimits {
  const concurrency = Math.max(1, Math.floor(cores / 2));
  return { concurrency, maxQueued: concurrency * QUEUED_PER_WORKER, maxWaitMs: 1000 };
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/** Weight of the newest duration in the running average (about the last ten jobs). */
const AVERAGE_WEIGHT = 0.1;

/**
 * Runs CPU-heavy password work (argon2id) a fixed number at a time with a bounded, time-limited
 * wait. Unbounded, a flood of sign-ins queues behind libuv's thread pool and starves everything
 * else; bounded, the caller past the limit gets 503 + Retry-After in microseconds, before any
 * hashing. A caller whose turn would come later than `maxWaitMs` (by the recent jobs' average
 * duration) is refused at once too, rather than after waiting `maxWaitMs` for nothing; the timer
 * stays as the backstop. Hand-rolled because p-limit has neither a queue bound nor a wait limit.
 */
export class PasswordWorkQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Running average of one job's duration (ms); 0 until a job has ended. */
  private averageMs = 0;

  constructor(
    private readonly limits: PasswordWorkLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    const startedAt = this.now();
    try {
      return await work();
    } finally {
      const took = this.now() - startedAt;
      this.averageMs =
        this.averageMs === 0 ? took : this.averageMs + AVERAGE_WEIGHT * (took - this.averageMs);
      this.release();
    }
  }

  /** When a caller queued now would start: one job's time per `concurrency` callers ahead of it. */
  private expectedWaitMs(): number {
    return Math.ceil((this.waiting.length + 1) / this.limits.concurrency) * this.averageMs;
  }

  /**
   * Throws the queue's 503 when a caller arriving now would be refused: a sign-in asks before
   * it looks its account up, so a refused one costs no query either.
   */
  refuseIfFull(): void {
    if (this.full()) throw this.refusal();
  }

  private full(): boolean {
    return (
      this.running >= this.limits.concurrency &&
      (this.waiting.length >= this.limits.maxQueued || this.expectedWaitMs() > this.limits.maxWaitMs)
    );
  }

  private acquire(): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.full()) return Promise.reject(this.refusal());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        // release() hands its slot over: `running` stays the same.
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(this.refusal());
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running -= 1;
  }

  private refusal() {
    return busy(PASSWORD_BUSY_MESSAGE, Math.max(1, Math.ceil(this.limits.maxWaitMs / 1000)));
  }
}

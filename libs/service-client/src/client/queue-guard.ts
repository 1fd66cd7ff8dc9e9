/** Weight of the newest call in the running average of call times. */
const WEIGHT = 0.05;

/**
 * Bounds how long calls wait in a client's queue for a connection. undici queues calls past its
 * pool without limit, and a queued call counts against the RPC timeout: under overload it would
 * wait its whole budget and end as a 504. While every connection is busy and either recent calls
 * took longer than `budgetMs` or the oldest call still running has, a new call is refused at once
 * instead (the caller answers 503 BUSY), so the queue drains and admitted calls come back under
 * the budget (CoDel's idea, by call time). The oldest call's age reacts before any slow call ends.
 */
export class QueueGuard {
  /** Start time of every call in flight by id; a Map keeps them oldest first. */
  private readonly running = new Map<number, number>();
  private nextId = 0;
  /** Running average of recent calls' time (ms), queueing included; 0 before the first ends. */
  private recentMs = 0;

  constructor(
    private readonly connections: number,
    private readonly budgetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A function to call when the call ends, or null when the call must be refused. */
  enter(): (() => void) | null {
    if (this.budgetMs > 0 && this.running.size >= this.connections && this.overBudget()) return null;
    const id = this.nextId++;
    const startedAt = this.now();
    this.running.set(id, startedAt);
    return () => {
      this.running.delete(id);
      const took = this.now() - startedAt;
      this.recentMs = this.recentMs === 0 ? took : this.recentMs + WEIGHT * (took - this.recentMs);
    };
  }

  private overBudget(): boolean {
    if (this.recentMs > this.budgetMs) return true;
    const oldest = this.running.values().next();
    return !oldest.done && this.now() - oldest.value > this.budgetMs;
  }
}

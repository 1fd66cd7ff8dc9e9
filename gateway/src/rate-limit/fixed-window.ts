export interface HitResult {
  allowed: boolean;
  /** Hits left in the current window after this one. */
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * Counts hits per key in fixed windows (e.g. per IP per minute), in memory. Expired keys are
 * swept at most once per window, so memory stays bounded by the keys active in one window.
 * Per process: with several gateway replicas each counts its own share.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, limit: number, windowMs: number): HitResult {
    const now = this.now();
    if (now - this.lastSweep >= windowMs) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** How often a used session's cookie is sent again with a fresh lifetime (per session, per process). */
export const SESSION_COOKIE_RENEW_INTERVAL_MS = 60 * 60 * 1000;
/** Sessions remembered at most; a forgotten one is only renewed again sooner. */
const MAX_REMEMBERED = 50_000;

/**
 * Identity slides a session's expiry while it is used, but the browser drops the cookie at the
 * Max-Age it was last given: so while a session is used, its cookie is sent again with a fresh
 * Max-Age, at most once per interval instead of on every response. In memory, per gateway
 * process: another replica or a restart only renews once more.
 */
export class SessionCookieRenewals {
  /** Session id → when its cookie was last sent, oldest first (re-inserted on each renewal). */
  private readonly renewedAt = new Map<string, number>();

  constructor(
    private readonly intervalMs = SESSION_COOKIE_RENEW_INTERVAL_MS,
    private readonly maxRemembered = MAX_REMEMBERED,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the cookie of this session should be sent again now; if so, counts it as sent. */
  due(sessionId: string): boolean {
    const now = this.now();
    this.forgetOlderThan(now - this.intervalMs);
    const last = this.renewedAt.get(sessionId);
    if (last !== undefined && now - last < this.intervalMs) return false;
    this.renewedAt.delete(sessionId);
    this.renewedAt.set(sessionId, now);
    if (this.renewedAt.size > this.maxRemembered) {
      const oldest = this.renewedAt.keys().next().value;
      if (oldest !== undefined) this.renewedAt.delete(oldest);
    }
    return true;
  }

  get size(): number {
    return this.renewedAt.size;
  }

  /** Entries are in renewal order, so the stale ones are at the front. */
  private forgetOlderThan(cutoff: number): void {
    for (const [sessionId, at] of this.renewedAt) {
      if (at > cutoff) return;
      this.renewedAt.delete(sessionId);
    }
  }
}

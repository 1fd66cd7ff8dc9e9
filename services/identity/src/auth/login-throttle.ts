import { DomainError } from '@dinebuds/errors';

export interface LoginThrottleLimits {
  /** Consecutive failed sign-ins of one account that cost nothing but the answer. */
  freeFailures: number;
  /** Lock after the first failure past the free ones; each further failure doubles it. */
  baseLockMs: number;
  /** The longest lock, so a stranger can delay but never lock an owner out for long. */
  maxLockMs: number;
  /** Accounts tracked at once; the oldest record is dropped past it (memory stays bounded). */
  maxTracked: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleLimits = {
  freeFailures: 5,
  baseLockMs: 30_000,
  maxLockMs: 15 * 60_000,
  maxTracked: 100_000,
};

/** A record is forgotten after this long without a failure (and no lock running). */
const FORGET_AFTER_MS = 15 * 60_000;

interface FailureRecord {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

/** "30 seconds", "2 minutes": the wait a person can act on. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export const accountThrottled = (waitMs: number) =>
  new DomainError(
    'ACCOUNT_THROTTLED',
    `Too many failed sign-ins for this account. Please try again in ${waitInWords(waitMs)}.`,
    Math.max(1, Math.ceil(waitMs / 1000)),
  );

/**
 * Per-account throttle of failed sign-ins, beside the gateway's per-address limit: an attacker
 * with many addresses still gets only a few guesses per account before each guess waits longer.
 * Keyed by the name as typed (lower-cased), whether or not the account exists, so the answer
 * never tells which names exist. A locked name is refused before any password work. Kept in
 * memory per identity replica: several replicas multiply the free guesses, not the lock's purpose.
 */
export class LoginThrottle {
  private readonly records = new Map<string, FailureRecord>();

  constructor(
    private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 (with Retry-After) while the account is locked. */
  check(username: string): void {
    const record = this.records.get(key(username));
    if (!record) return;
    const wait = record.lockedUntil - this.now();
    if (wait > 0) throw accountThrottled(wait);
  }

  /** Counts a failed sign-in; past the free ones, locks the account for a doubling time. */
  failed(username: string): void {
    const k = key(username);
    const at = this.now();
    const previous = this.records.get(k);
    const fresh = !previous || (at - previous.lastFailureAt > FORGET_AFTER_MS && previous.lockedUntil <= at);
    const failures = fresh ? 1 : previous.failures + 1;
    const over = failures - this.limits.freeFailures;
    const lockMs = over > 0 ? Math.min(this.limits.maxLockMs, this.limits.baseLockMs * 2 ** (over - 1)) : 0;
    // Re-inserted so the Map's order is least-recently-failed first, for eviction.
    this.records.delete(k);
    this.records.set(k, { failures, lastFailureAt: at, lockedUntil: lockMs > 0 ? at + lockMs : 0 });
    while (this.records.size > this.limits.maxTracked) {
      const oldest = this.records.keys().next().value as string;
      this.records.delete(oldest);
    }
  }

  /** A correct password ends the count. */
  succeeded(username: string): void {
    this.records.delete(key(username));
  }

  get tracked(): number {
    return this.records.size;
  }
}

function key(username: string): string {
  return username.trim().toLowerCase();
}

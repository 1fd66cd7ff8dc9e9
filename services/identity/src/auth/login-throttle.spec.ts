import { describe, expect, it } from '@jest/globals';
import { LoginThrottle, waitInWords } from './login-throttle.js';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const LIMITS = { freeFailures: 3, baseLockMs: 30_000, maxLockMs: 120_000, maxTracked: 1000 };

function thrown(fn: () => void): unknown {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('LoginThrottle (per-account failed sign-ins)', () => {
  it('lets the free failures through, then locks the account with 429 and Retry-After', () => {
    const time = clock();
    const throttle = new LoginThrottle(LIMITS, time.now);
    for (let i = 0; i < 3; i++) {
      expect(thrown(() => throttle.check('Alice'))).toBeUndefined();
      throttle.failed('Alice');
    }
    expect(thrown(() => throttle.check('alice'))).toBeUndefined();
    throttle.failed('alice');
    expect(thrown(() => throttle.check(' ALICE '))).toMatchObject({
      code: 'ACCOUNT_THROTTLED',
      status: 429,
      retryAfterSeconds: 30,
      message: 'Too many failed sign-ins for this account. Please try again in 30 seconds.',
    });
    // Another account is not affected.
    expect(thrown(() => throttle.check('bob'))).toBeUndefined();
    time.advance(30_001);
    expect(thrown(() => throttle.check('alice'))).toBeUndefined();
  });

  it('doubles the lock with each further failure, up to the maximum', () => {
    const time = clock();
    const throttle = new LoginThrottle(LIMITS, time.now);
    const locks: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      throttle.failed('carol');
      locks.push(
        (thrown(() => throttle.check('carol')) as { retryAfterSeconds?: number })?.retryAfterSeconds,
      );
    }
    expect(locks).toEqual([undefined, undefined, undefined, 30, 60, 120, 120]);
  });

  it('forgets the count after a correct password', () => {
    const throttle = new LoginThrottle(LIMITS, clock().now);
    for (let i = 0; i < 3; i++) throttle.failed('dave');
    throttle.succeeded('dave');
    throttle.failed('dave');
    expect(thrown(() => throttle.check('dave'))).toBeUndefined();
  });

  it('keeps at most maxTracked records', () => {
    const throttle = new LoginThrottle({ ...LIMITS, maxTracked: 10 }, clock().now);
    for (let i = 0; i < 50; i++) throttle.failed(`user${i}`);
    expect(throttle.tracked).toBe(10);
  });

  it('says the wait in words', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(45_000)).toBe('45 seconds');
    expect(waitInWords(15 * 60_000)).toBe('15 minutes');
  });
});

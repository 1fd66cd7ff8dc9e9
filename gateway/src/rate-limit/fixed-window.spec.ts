import { describe, expect, it } from '@jest/globals';
import { FixedWindowCounter } from './fixed-window.js';

describe('FixedWindowCounter', () => {
  it('allows `limit` hits per key per window, then refuses until the window resets', () => {
    let now = 1_000_000;
    const counter = new FixedWindowCounter(() => now);
    expect(counter.hit('ip-a', 2, 60_000)).toEqual({ allowed: true, remaining: 1, resetSeconds: 60 });
    expect(counter.hit('ip-a', 2, 60_000).allowed).toBe(true);
    now += 30_000;
    expect(counter.hit('ip-a', 2, 60_000)).toEqual({ allowed: false, remaining: 0, resetSeconds: 30 });
    expect(counter.hit('ip-b', 2, 60_000).allowed).toBe(true);
    now += 30_000;
    expect(counter.hit('ip-a', 2, 60_000).allowed).toBe(true);
  });

  it('forgets expired keys', () => {
    let now = 0;
    const counter = new FixedWindowCounter(() => now);
    for (let i = 0; i < 100; i++) counter.hit(`ip-${i}`, 5, 1000);
    expect(counter.size).toBe(100);
    now += 1000;
    counter.hit('ip-new', 5, 1000);
    expect(counter.size).toBe(1);
  });
});

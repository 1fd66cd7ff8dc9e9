import { describe, expect, it } from '@jest/globals';
import { QueueGuard } from './queue-guard.js';

/** A guard over `connections` on a clock the test moves by hand. */
function guardWith(connections: number, budgetMs: number) {
  let clock = 0;
  const guard = new QueueGuard(connections, budgetMs, () => clock);
  const advance = (ms: number) => {
    clock += ms;
  };
  return { guard, advance };
}

describe('QueueGuard', () => {
  it('admits while a connection is free, however slow recent calls were', () => {
    const { guard, advance } = guardWith(2, 100);
    const slow = guard.enter()!;
    advance(500);
    slow();
    expect(guard.enter()).not.toBeNull();
    expect(guard.enter()).not.toBeNull();
  });

  it('refuses while every connection is busy and recent calls took longer than the budget, and admits again once they drain', () => {
    const { guard, advance } = guardWith(1, 100);
    const first = guard.enter()!;
    advance(150);
    first();
    const holding = guard.enter()!;
    expect(guard.enter()).toBeNull();
    advance(10);
    holding();
    expect(guard.enter()).not.toBeNull();
  });

  it('refuses once the oldest call in flight has run past the budget, before any slow call ends', () => {
    const { guard, advance } = guardWith(1, 100);
    const first = guard.enter()!;
    advance(20);
    first();
    guard.enter();
    expect(guard.enter()).not.toBeNull();
    advance(150);
    expect(guard.enter()).toBeNull();
  });

  it('queues past the connections while recent calls stay under the budget', () => {
    const { guard, advance } = guardWith(1, 100);
    const first = guard.enter()!;
    advance(20);
    first();
    guard.enter();
    expect(guard.enter()).not.toBeNull();
    expect(guard.enter()).not.toBeNull();
  });

  it('never refuses with a budget of 0', () => {
    const { guard, advance } = guardWith(1, 0);
    const first = guard.enter()!;
    advance(10_000);
    first();
    guard.enter();
    expect(guard.enter()).not.toBeNull();
  });
});

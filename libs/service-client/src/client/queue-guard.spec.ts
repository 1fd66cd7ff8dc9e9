import { describe, expect, it } from '@jest/globals';
import { QueueGuard } from './queue-guard.js';

describe('QueueGuard', () => {
  it('admits while a connection is free, however slow recent calls were', () => {
    let clock = 0;
    const guard = new QueueGuard(2, 100, () => clock);
    const slow = guard.enter()!;
    clock += 500;
    slow();
    expect(guard.enter()).not.toBeNull();
    expect(guard.enter()).not.toBeNull();
  });

  it('refuses while every connection is busy and recent calls took longer than the budget, and admits again once they drain', () => {
    let clock = 0;
    const guard = new QueueGuard(1, 100, () => clock);
    const first = guard.enter()!;
    clock += 150;
    first();
    const holding = guard.enter()!;
    expect(guard.enter()).toBeNull();
    clock += 10;
    holding();
    expect(guard.enter()).not.toBeNull();
  });

  it('refuses once the oldest call in flight has run past the budget, before any slow call ends', () => {
    let clock = 0;
    const guard = new QueueGuard(1, 100, () => clock);
    const first = guard.enter()!;
    clock += 20;
    first();
    guard.enter();
    expect(guard.enter()).not.toBeNull();
    clock += 150;
    expect(guard.enter()).toBeNull();
  });

  it('queues past the connections while recent calls stay under the budget', () => {
    let clock = 0;
    const guard = new QueueGuard(1, 100, () => clock);
    const first = guard.enter()!;
    clock += 20;
    first();
    guard.enter();
    expect(guard.enter()).not.toBeNull();
    expect(guard.enter()).not.toBeNull();
  });

  it('never refuses with a budget of 0', () => {
    let clock = 0;
    const guard = new QueueGuard(1, 0, () => clock);
    const first = guard.enter()!;
    clock += 10_000;
    first();
    guard.enter();
    expect(guard.enter()).not.toBeNull();
  });
});

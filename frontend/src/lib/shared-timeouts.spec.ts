import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { platformTimersInUse, sharedTimeouts } from './shared-timeouts';

describe('shared timeouts', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('runs many timers armed together on one platform timer, each no earlier than asked', () => {
    const fired: number[] = [];
    for (let i = 0; i < 90; i += 1) sharedTimeouts.setTimeout(() => fired.push(i), 300_000);
    expect(platformTimersInUse()).toBe(1);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(299_999);
    expect(fired).toHaveLength(0);
    jest.advanceTimersByTime(100);
    expect(fired).toHaveLength(90);
    expect(platformTimersInUse()).toBe(0);
  });

  it('clears one timer without the others, and the platform timer with the last', () => {
    const fired: string[] = [];
    const a = sharedTimeouts.setTimeout(() => fired.push('a'), 5000);
    const b = sharedTimeouts.setTimeout(() => fired.push('b'), 5000);
    sharedTimeouts.clearTimeout(a);
    jest.advanceTimersByTime(5100);
    expect(fired).toEqual(['b']);

    const c = sharedTimeouts.setTimeout(() => fired.push('c'), 5000);
    sharedTimeouts.clearTimeout(c);
    sharedTimeouts.clearTimeout(b); // already fired: nothing happens
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(10_000);
    expect(fired).toEqual(['b']);
  });

  it('leaves short timers to the platform', () => {
    const fired: string[] = [];
    const id = sharedTimeouts.setTimeout(() => fired.push('short'), 10);
    expect(platformTimersInUse()).toBe(0);
    expect(jest.getTimerCount()).toBe(1);
    sharedTimeouts.clearTimeout(id);
    jest.advanceTimersByTime(20);
    sharedTimeouts.setTimeout(() => fired.push('later'), 10);
    jest.advanceTimersByTime(10);
    expect(fired).toEqual(['later']);
  });
});

import { describe, expect, it } from '@jest/globals';
import { ApiError } from './api';
import { BUSY_READ_RETRIES, readRetryDelay, shouldRetryRead } from './query-client';

const busy = (retryAfterMs?: number) => new ApiError('The server is busy.', 503, {}, retryAfterMs);

describe('read retries', () => {
  it('retries an ordinary failed read once, a read refused as busy a few times', () => {
    const failed = new ApiError('Not found', 500, {});
    expect([0, 1].map((n) => shouldRetryRead(n, failed))).toEqual([true, false]);
    expect(Array.from({ length: BUSY_READ_RETRIES + 1 }, (_, n) => shouldRetryRead(n, busy(1000)))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it("backs off, doubling, never sooner than the server's Retry-After", () => {
    const noJitter = () => 0;
    expect([0, 1, 2].map((n) => readRetryDelay(n, busy(), noJitter))).toEqual([1000, 2000, 4000]);
    expect(readRetryDelay(0, busy(3000), noJitter)).toBe(3000);
    expect(readRetryDelay(0, busy(1000), () => 1)).toBe(1250);
    expect(readRetryDelay(10, busy(), noJitter)).toBe(30_000);
    expect(readRetryDelay(0, new Error('x'))).toBe(1000);
  });
});

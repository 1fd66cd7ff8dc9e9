import { afterEach, describe, expect, it } from '@jest/globals';
import { assertBinding, deliverySettings } from './event-bus.js';

describe('delivery settings shared by both buses', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('takes the options, else the EVENT_* variables, else the defaults; clamps prefetch and delay', () => {
    delete process.env.EVENT_MAX_RETRIES;
    delete process.env.EVENT_RETRY_DELAY_MS;
    delete process.env.EVENT_HANDLER_TIMEOUT_MS;
    expect(deliverySettings({})).toEqual({
      prefetch: 32,
      maxRetries: 5,
      retryDelayMs: 1000,
      handlerTimeoutMs: 30_000,
    });
    process.env.EVENT_MAX_RETRIES = '2';
    process.env.EVENT_RETRY_DELAY_MS = '50';
    expect(deliverySettings({ maxRetries: 7, prefetch: 0, handlerTimeoutMs: 0 })).toEqual({
      prefetch: 1,
      maxRetries: 7,
      retryDelayMs: 50,
      handlerTimeoutMs: 0,
    });
    expect(deliverySettings({ retryDelayMs: -5 }).retryDelayMs).toBe(0);
  });

  it('refuses a reserved queue name and wildcard types', () => {
    expect(() => assertBinding('amq.x', ['a.b'])).toThrow("reserved 'amq.' prefix");
    expect(() => assertBinding('q', ['a.*'])).toThrow('exact types only');
    expect(() => assertBinding('q', ['a.b'])).not.toThrow();
  });
});

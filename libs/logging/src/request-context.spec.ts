import { describe, expect, it } from '@jest/globals';
import { createContextKey } from '@opentelemetry/api';
import {
  currentRequestId,
  requestContextManager,
  requestIdFrom,
  runWithRequestId,
} from './request-context.js';

describe('request context', () => {
  it('keeps a sane incoming request id', () => {
    expect(requestIdFrom('abc-123')).toBe('abc-123');
    expect(requestIdFrom(['abc-123', 'x'])).toBe('abc-123');
  });

  it('replaces a missing or hostile id with a fresh uuid', () => {
    expect(requestIdFrom('bad id\nwith newline')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is empty outside a request and set inside runWithRequestId', () => {
    expect(currentRequestId()).toBeNull();
    expect(runWithRequestId('evt-1', () => currentRequestId())).toBe('evt-1');
  });

  it('shares its store with the OpenTelemetry context: neither replaces the other', () => {
    const key = createContextKey('test value');
    const manager = requestContextManager;
    const seen = manager.with(manager.active().setValue(key, 'span'), () =>
      runWithRequestId('req-1', () => [
        currentRequestId(),
        manager.active().getValue(key),
        manager.with(manager.active().setValue(key, 'child span'), () => currentRequestId()),
      ]),
    );
    expect(seen).toEqual(['req-1', 'span', 'req-1']);
    const bound = manager.bind(manager.active().setValue(key, 'bound'), () => manager.active().getValue(key));
    expect(bound()).toBe('bound');
  });
});

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

  it('sets and deletes values in new contexts, leaving the one it derives from as it was', () => {
    const a = createContextKey('a');
    const b = createContextKey('b');
    const outside = requestContextManager.active();
    const one = outside.setValue(a, 1);
    const two = one.setValue(b, 2).setValue(a, 3);
    const deleted = two.deleteValue(a);
    expect([outside.getValue(a), one.getValue(a), one.getValue(b)]).toEqual([undefined, 1, undefined]);
    expect([two.getValue(a), two.getValue(b)]).toEqual([3, 2]);
    expect([deleted.getValue(a), deleted.getValue(b), deleted.setValue(a, 4).getValue(a)]).toEqual([
      undefined,
      2,
      4,
    ]);
    expect(outside.deleteValue(a).getValue(a)).toBeUndefined();
  });
});

import { describe, expect, it } from '@jest/globals';
import { currentRequestId, requestContextMiddleware, runWithRequestId } from './request-context.js';

function run(headers: Record<string, string>) {
  const seen: { header?: string; inside?: string | null } = {};
  const req = { headers: { ...headers } as Record<string, string | undefined> };
  const res = { setHeader: (_n: string, v: string) => (seen.header = v) };
  requestContextMiddleware(req, res, () => {
    seen.inside = currentRequestId();
  });
  return { seen, req };
}

describe('request context', () => {
  it('keeps a sane incoming request id and echoes it', () => {
    const { seen } = run({ 'x-request-id': 'abc-123' });
    expect(seen).toEqual({ header: 'abc-123', inside: 'abc-123' });
  });

  it('replaces a missing or hostile id with a fresh uuid', () => {
    const { seen } = run({ 'x-request-id': 'bad id\nwith newline' });
    expect(seen.inside).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.header).toBe(seen.inside);
  });

  it('is empty outside a request and set inside runWithRequestId', () => {
    expect(currentRequestId()).toBeNull();
    expect(runWithRequestId('evt-1', () => currentRequestId())).toBe('evt-1');
  });
});

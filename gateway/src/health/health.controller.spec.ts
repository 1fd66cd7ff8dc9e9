import { describe, expect, it } from '@jest/globals';
import { upstreamDetails } from './health.controller.js';

describe('upstreamDetails', () => {
  it("passes a service's own report on", () => {
    const report = { status: 'error', error: { database: { status: 'down' } } };
    expect(upstreamDetails('identity', { ok: false, details: report })).toEqual({ report });
  });

  it('summarises a transport failure without internal addresses', () => {
    expect(
      upstreamDetails('identity', { ok: false, details: { error: 'connect ECONNREFUSED 10.0.0.5:4101' } }),
    ).toEqual({ message: 'The identity service is unavailable' });
    expect(upstreamDetails('identity', { ok: true, details: 'OK' })).toEqual({});
  });
});

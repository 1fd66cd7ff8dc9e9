import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { eventually } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { startTracedSystem, type TracedSystem } from '../support/traced-system.js';

/**
 * A request the sampler leaves out (the default sampler's family, recording no new trace): no
 * span is exported anywhere along it, yet its trace id still travels with sampled=0, so the
 * service behind the gateway follows that decision in the same trace (instead of starting a
 * trace of its own) and both request log lines carry the one trace id.
 */
describe('observability: an unsampled request', () => {
  let system: TracedSystem;

  beforeAll(async () => {
    system = await startTracedSystem('api_obs_unsampled', {
      sampler: 'parentbased_traceidratio',
      sampleRatio: 0,
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  });

  it('exports no span, and the gateway and the service log it under one trace id', async () => {
    system.exporter.reset();
    const username = uniqueUsername('obs_u');
    const registered = await new ApiClient(system.baseUrl).post<CurrentUserDto>('/api/register', {
      username,
      password: 'Obs#12345',
      name: 'Untraced Una',
    });
    expect(registered.status).toBe(201);

    const requestLine = (name: string) =>
      system.logLines.find(
        (l) => l.name === name && l.msg === 'request' && String(l.url).includes('register'),
      );
    const gateway = await eventually(() => requestLine('gateway'));
    const identity = await eventually(() => requestLine('identity'));
    expect(gateway.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(identity.traceId).toBe(gateway.traceId);
    expect(identity.spanId).not.toBe(gateway.spanId);
    // The registration's event reaches its consumers in the same unsampled trace.
    await eventually(() =>
      system.logLines.find((l) => l.traceId === gateway.traceId && String(l.name).endsWith('.events')),
    );
    await system.flush();
    expect(system.exporter.getFinishedSpans()).toEqual([]);
  });
});

import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { setLogDestination } from '@dinebuds/logging';
import { InMemorySpanExporter, setupTracing, type RunningTracing } from '@dinebuds/observability';
import { TEST_AMQP_URL, createTestDatabase, eventually, type TestDatabase } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { createTestVhost, removeDataDir, startAllInOneSystem, type TestVhost } from '../support/system.js';

/** Every JSON log line the process writes while the system runs. */
const logLines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n'))
      if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

/**
 * A request the sampler leaves out (the default sampler's family, recording no new trace): no
 * span is exported anywhere along it, yet its trace id still travels with sampled=0, so the
 * service behind the gateway follows that decision in the same trace (instead of starting a
 * trace of its own) and both request log lines carry the one trace id.
 */
describe('observability: an unsampled request', () => {
  let database: TestDatabase;
  let vhost: TestVhost;
  let tracing: RunningTracing;
  const exporter = new InMemorySpanExporter();
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;

  beforeAll(async () => {
    setLogDestination(capture);
    tracing = setupTracing({
      serviceName: 'dinebuds-test',
      exporter,
      sampler: 'parentbased_traceidratio',
      sampleRatio: 0,
    })!;
    database = await createTestDatabase('api_obs_unsampled');
    vhost = createTestVhost(TEST_AMQP_URL, 'api_obs_unsampled');
    system = await startAllInOneSystem({
      databaseUrl: database.url,
      amqpUrl: vhost.url,
      env: { METRICS_PORT: '0', LOG_LEVEL: 'info' },
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    if (system) removeDataDir(system.dataDir);
    await tracing?.shutdown();
    setLogDestination(undefined);
    vhost?.drop();
    await database?.drop();
  });

  it('exports no span, and the gateway and the service log it under one trace id', async () => {
    exporter.reset();
    const username = uniqueUsername('obs_u');
    const registered = await new ApiClient(system.baseUrl).post<CurrentUserDto>('/api/register', {
      username,
      password: 'Obs#12345',
      name: 'Untraced Una',
    });
    expect(registered.status).toBe(201);

    const requestLine = (name: string) =>
      logLines.find((l) => l.name === name && l.msg === 'request' && String(l.url).includes('register'));
    const gateway = await eventually(() => requestLine('gateway'));
    const identity = await eventually(() => requestLine('identity'));
    expect(gateway.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(identity.traceId).toBe(gateway.traceId);
    expect(identity.spanId).not.toBe(gateway.spanId);
    // The registration's event reaches its consumers in the same unsampled trace.
    await eventually(() =>
      logLines.find((l) => l.traceId === gateway.traceId && String(l.name).endsWith('.events')),
    );
    await tracing.flush();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

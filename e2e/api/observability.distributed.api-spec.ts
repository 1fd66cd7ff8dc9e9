import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { TEST_AMQP_URL, createTestDatabase, eventually, type TestDatabase } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { createTestVhost, startDistributedSystem, type TestVhost } from '../support/system.js';

interface ExportedSpan {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}

/** An OTLP/HTTP collector stub (JSON): keeps every span it is sent, with its process's service.name. */
async function startCollector(): Promise<{ url: string; spans: ExportedSpan[]; close(): Promise<void> }> {
  const spans: ExportedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: Omit<ExportedSpan, 'service'>[] }[];
        }[];
      };
      for (const rs of body.resourceSpans) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const ss of rs.scopeSpans) for (const span of ss.spans) spans.push({ ...span, service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The distributed mode (each service and the gateway its own process, RabbitMQ between them),
 * exporting over OTLP to a collector: one trace spans the three processes, and each process's
 * log lines carry its id.
 */
describe('observability, distributed: one trace across processes and the broker', () => {
  let database: TestDatabase;
  let vhost: TestVhost;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let system: Awaited<ReturnType<typeof startDistributedSystem>>;

  beforeAll(async () => {
    collector = await startCollector();
    database = await createTestDatabase('api_obs_dist');
    vhost = createTestVhost(TEST_AMQP_URL, 'api_obs_dist');
    system = await startDistributedSystem({
      databaseUrl: database.url,
      amqpUrl: vhost.url,
      // JSON bodies, which the stub reads (the default, protobuf, is the bench's).
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Every trace recorded (the default samples a tenth of new traces).
        OTEL_TRACES_SAMPLER: 'parentbased_always_on',
        LOG_LEVEL: 'info',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await collector?.close();
    vhost?.drop();
    await database?.drop();
  });

  it('joins gateway, identity (its SQL and outbox) and social-graph (the consumer) in one trace', async () => {
    const client = new ApiClient(system.baseUrl);
    const registered = await client.post<CurrentUserDto>('/api/register', {
      username: uniqueUsername('obs_d'),
      password: 'Obs#12345',
      name: 'Distributed Dana',
    });
    expect(registered.status).toBe(201);

    // Spans leave each process in batches (every few seconds).
    const root = await eventually(
      () => collector.spans.find((s) => s.service === 'gateway' && s.name === 'gateway POST /api/register'),
      20_000,
      100,
    );
    const consume = await eventually(
      () =>
        collector.spans.find(
          (s) =>
            s.service === 'social-graph' &&
            s.name === 'consume identity.user.registered' &&
            s.traceId === root.traceId,
        ),
      20_000,
      100,
    );
    // Each process sends its own batches: wait for identity's too.
    const rpc = await eventually(
      () =>
        collector.spans.find(
          (s) =>
            s.traceId === root.traceId &&
            s.service === 'identity' &&
            s.name.startsWith('identity POST /rpc/'),
        ),
      20_000,
      100,
    );
    await eventually(() => collector.spans.some((s) => s.spanId === consume.parentSpanId), 20_000, 100);
    const inTrace = collector.spans.filter((s) => s.traceId === root.traceId);
    const byId = new Map(inTrace.map((s) => [s.spanId, s]));
    expect(rpc.parentSpanId).toBe(root.spanId);
    const publish = byId.get(consume.parentSpanId ?? '');
    expect(publish).toMatchObject({ service: 'identity', name: 'publish identity.user.registered' });
    expect(inTrace.some((s) => s.service === 'identity' && s.name === 'sql INSERT')).toBe(true);
    expect(inTrace.some((s) => s.service === 'social-graph' && s.name.startsWith('sql '))).toBe(true);

    // A log line of each process carries the trace id.
    const names = await eventually(
      () => {
        const found = new Set<string>();
        for (const line of system.logs.join('').split('\n')) {
          if (!line.includes(root.traceId)) continue;
          try {
            found.add(String((JSON.parse(line) as { name?: string }).name));
          } catch {
            // a line split across chunks
          }
        }
        return ['gateway', 'identity', 'social-graph.events'].every((n) => found.has(n)) ? found : undefined;
      },
      10_000,
      100,
    );
    expect([...names]).toEqual(expect.arrayContaining(['gateway', 'identity', 'social-graph.events']));
  });

  // Not observability, but this file has the processes running: on a shared host the gateway gets
  // a core before the services behind it (SERVICE_NICE, default 5; the gateway keeps its own).
  it('runs each service at nice 5 and the gateway at the priority it was started with', () => {
    const own = getPriority(0);
    const gateway = system.pids.at(-1)!;
    const services = system.pids.slice(0, -1);
    expect(services.length).toBeGreaterThan(0);
    expect(services.map((pid) => getPriority(pid))).toEqual(services.map(() => Math.max(own, 5)));
    expect(getPriority(gateway)).toBe(own);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CurrentUserDto } from '@dinebuds/contracts';
import type { ReadableSpan } from '@dinebuds/observability';
import { eventually } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { startTracedSystem, type TracedSystem } from '../support/traced-system.js';

/** One sample of the Prometheus text: the value of `name{...labels}` (labels matched as given). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/**
 * Metrics and traces of the real system (all-in-one on PostgreSQL and RabbitMQ): one /metrics
 * for the gateway and every service, and one trace from the gateway's request through the RPC,
 * its SQL and outbox, the relay's publish and the consumer in the other service.
 */
describe('observability: /metrics and one trace across gateway, service, SQL, broker and consumer', () => {
  let system: TracedSystem;

  beforeAll(async () => {
    // Every trace recorded (the default samples a tenth of new traces).
    system = await startTracedSystem('api_obs', { sampler: 'parentbased_always_on' });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  });

  it('serves the metrics of every component on the metrics port, never on the public port', async () => {
    expect(system.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(system.metricsUrl).not.toContain(new URL(system.baseUrl).port + '/');
    const before = await (await fetch(system.metricsUrl!)).text();
    const registered = (label: string) =>
      sample(before, 'dinebuds_http_requests_total', {
        service: 'gateway',
        route: '/api/register',
        status_class: label,
      }) ?? 0;
    const gateway201 = registered('2xx');

    const alice = new ApiClient(system.baseUrl);
    const user = (
      await alice.post<CurrentUserDto>('/api/register', {
        username: uniqueUsername('obs_m'),
        password: 'Obs#12345',
        name: 'Metrics Alice',
      })
    ).body;
    expect(user.id).toBeDefined();
    const bad = await alice.post('/api/register', { username: 'x' });
    expect(bad.status).toBe(400);
    // The public port never serves the metrics (there /metrics is a SPA route or a 404).
    for (const path of ['/metrics', '/api/metrics']) {
      const publicAnswer = await (await fetch(`${system.baseUrl}${path}`)).text();
      expect(publicAnswer).not.toContain('dinebuds_http_requests_total');
    }

    // social-graph consumed identity's event: its counters and the lag histogram moved.
    const text = await eventually(async () => {
      const t = await (await fetch(system.metricsUrl!)).text();
      return (sample(t, 'dinebuds_events_consumed_total', {
        service: 'social-graph',
        type: 'identity.user.registered',
        outcome: 'acked',
      }) ?? 0) > 0
        ? t
        : undefined;
    }, 20_000);

    expect(registered('2xx')).toBe(gateway201);
    expect(
      sample(text, 'dinebuds_http_requests_total', {
        service: 'gateway',
        route: '/api/register',
        status_class: '2xx',
      }),
    ).toBe(gateway201 + 1);
    expect(
      sample(text, 'dinebuds_http_requests_total', {
        service: 'gateway',
        route: '/api/register',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    // The RPC behind it, labelled with the service and its pattern route.
    expect(text).toMatch(
      /dinebuds_http_requests_total\{service="identity",method="POST",route="\/rpc\/[^"]+",status_class="2xx"\} [1-9]/,
    );
    expect(
      sample(text, 'dinebuds_http_request_duration_seconds_count', {
        service: 'gateway',
        route: '/api/register',
        status_class: '2xx',
      }),
    ).toBe(gateway201 + 1);
    expect(
      sample(text, 'dinebuds_events_published_total', {
        service: 'identity',
        type: 'identity.user.registered',
        outcome: 'confirmed',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'dinebuds_events_lag_seconds_count', {
        service: 'social-graph',
        type: 'identity.user.registered',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'dinebuds_events_inbox_handle_seconds_count', {
        service: 'social-graph',
        consumer: 'social-graph.users.registered',
        outcome: 'applied',
      }),
    ).toBeGreaterThanOrEqual(1);
    // Scrape-time gauges: pools, outbox backlog, queue depths (the dead-letter queue is empty).
    expect(
      sample(text, 'dinebuds_db_pool_connections', { service: 'identity', state: 'in_use' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'dinebuds_db_pool_connections', { service: 'social-graph', state: 'waiting' })).toBe(
      0,
    );
    expect(sample(text, 'dinebuds_outbox_pending', { service: 'identity' })).toBeGreaterThanOrEqual(0);
    expect(
      sample(text, 'dinebuds_outbox_oldest_pending_seconds', { service: 'identity' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'dinebuds_events_queue_messages', { queue: 'social-graph.events.dlq' })).toBe(0);
    // Process defaults: event-loop delay, heap, GC.
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
    expect(text).toContain('nodejs_gc_duration_seconds');
  });

  it('follows one request: gateway → identity → SQL → outbox relay → RabbitMQ → social-graph consumer', async () => {
    system.exporter.reset();
    const bob = new ApiClient(system.baseUrl);
    const registered = await bob.post<CurrentUserDto>('/api/register', {
      username: uniqueUsername('obs_t'),
      password: 'Obs#12345',
      name: 'Traced Bob',
    });
    expect(registered.status).toBe(201);

    const spans = (): ReadableSpan[] => system.exporter.getFinishedSpans();
    const root = await eventually(() =>
      spans().find((s) => s.name === 'gateway POST /api/register' && !s.parentSpanContext),
    );
    const traceId = root.spanContext().traceId;
    const consume = await eventually(
      () =>
        // Reviews consumes the event too; follow social-graph's delivery.
        spans().find(
          (s) =>
            s.name === 'consume identity.user.registered' &&
            s.spanContext().traceId === traceId &&
            s.attributes['dinebuds.service'] === 'social-graph',
        ),
      20_000,
    );
    const inTrace = spans().filter((s) => s.spanContext().traceId === traceId);
    const byId = new Map(inTrace.map((s) => [s.spanContext().spanId, s]));
    const parentOf = (s: ReadableSpan) => byId.get(s.parentSpanContext?.spanId ?? '');
    const chain = (s: ReadableSpan): string[] => {
      const names: string[] = [];
      for (let p = parentOf(s); p; p = parentOf(p)) names.push(p.name);
      return names;
    };

    // The service's server span is the gateway's child (traceparent over the RPC).
    const rpc = inTrace.find((s) => s.name.startsWith('identity POST /rpc/'));
    expect(rpc && parentOf(rpc)).toBe(root);
    // Its SQL, the outbox insert among it.
    const outboxInsert = inTrace.find(
      (s) => s.name === 'sql INSERT' && String(s.attributes['db.query.text']).includes('"outbox"'),
    );
    expect(outboxInsert && chain(outboxInsert)).toEqual(expect.arrayContaining([rpc!.name, root.name]));
    // The relay's publish joins the request's trace; the consumer is the publish's child.
    const publish = inTrace.find((s) => s.name === 'publish identity.user.registered');
    expect(publish && chain(publish)).toContain(rpc!.name);
    expect(parentOf(consume)).toBe(publish);
    expect(consume.attributes['dinebuds.service']).toBe('social-graph');
    // The consumer's own SQL (inbox row, projection) nests under it.
    const consumerSql = inTrace.filter((s) => s.name.startsWith('sql ') && chain(s).includes(consume.name));
    expect(consumerSql.length).toBeGreaterThan(0);

    // Each component's log lines carry the trace id: the gateway's and identity's request lines.
    const names = new Set(system.logLines.filter((l) => l.traceId === traceId).map((l) => String(l.name)));
    expect(names).toContain('gateway');
    expect(names).toContain('identity');
  });
});

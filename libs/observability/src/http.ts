import { context, propagation, ROOT_CONTEXT, SpanKind, trace, type Span } from '@opentelemetry/api';
import { httpDuration, metricsEnabled, statusClass } from './metrics.js';
import { activeTracer } from './tracing.js';

/** The parts of a Fastify request, reply and instance the hooks use (no Fastify import needed). */
interface HookRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  routeOptions?: { url?: string };
}
interface HookReply {
  statusCode: number;
  elapsedTime: number;
}
type Done = (error?: Error) => void;
type Hook = (req: HookRequest, reply: HookReply, done: Done) => void;
interface HookHost {
  addHook(name: 'onRequest' | 'preHandler' | 'onResponse', hook: Hook): unknown;
}

const spans = new WeakMap<HookRequest, Span>();

/**
 * The route pattern (`/api/users/:id`, `/rpc/users.get`), never the raw URL: ids in paths would
 * make one series per user. Unmatched requests share one label.
 */
function routeOf(req: HookRequest): string {
  return req.routeOptions?.url ?? 'unmatched';
}

/**
 * Request metrics and the server span of every request on a Fastify instance (the gateway's or
 * a service's), labelled with `service`. Install before the routes are registered (before Nest's
 * init). Metrics hooks are skipped when METRICS_ENABLED is false, span hooks when tracing is off
 * at install time: what is off costs nothing per request.
 *
 * The span continues the caller's trace (W3C traceparent header: the gateway's RPC carries it)
 * and is made active from preHandler on, as the request id is, so RPC calls, SQL and outbox
 * events recorded by the handler belong to it.
 */
export function installHttpObservability(app: HookHost, service: string): void {
  const tracer = activeTracer();
  if (tracer) {
    app.addHook('onRequest', (req, _reply, done) => {
      // A browser's request has no traceparent: no propagator run to find that out.
      const parent = req.headers.traceparent ? propagation.extract(ROOT_CONTEXT, req.headers) : ROOT_CONTEXT;
      const route = routeOf(req);
      const span = tracer.startSpan(`${service} ${req.method} ${route}`, { kind: SpanKind.SERVER }, parent);
      // Most requests are not sampled: their span only carries the decision on (traceparent
      // flags) and gets no attributes built.
      if (span.isRecording()) {
        const query = req.url.indexOf('?');
        span.setAttributes({
          'dinebuds.service': service,
          'http.request.method': req.method,
          'http.route': route,
          'url.path': req.url.slice(0, query === -1 ? 500 : Math.min(query, 500)),
        });
      }
      spans.set(req, span);
      done();
    });
    app.addHook('preHandler', (req, _reply, done) => {
      const span = spans.get(req);
      if (!span) return done();
      context.with(trace.setSpan(context.active(), span), done);
    });
  }
  const metrics = metricsEnabled();
  if (!tracer && !metrics) return;
  // The labelled histogram per (method, route, status class), so a request builds no label object
  // (prom-client still hashes the labels on each observe, ~1-2 µs). The request counter is the
  // histogram's count, copied at scrape time (metrics.ts).
  const children = new Map<string, { observe(v: number): void }>();
  app.addHook('onResponse', (req, reply, done) => {
    const route = routeOf(req);
    if (metrics) {
      const status = statusClass(reply.statusCode);
      const key = `${req.method} ${route} ${status}`;
      let child = children.get(key);
      if (!child) {
        child = httpDuration.labels({ service, method: req.method, route, status_class: status });
        children.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
    }
    const span = spans.get(req);
    if (span) {
      if (span.isRecording()) {
        span.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) span.setStatus({ code: 2 });
      }
      span.end();
      spans.delete(req);
    }
    done();
  });
}

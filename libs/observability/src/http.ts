import { context, trace, type Span } from '@opentelemetry/api';
import { httpDuration, metricsEnabled, statusClass } from './metrics.js';
import { activeTracer, startServerSpan } from './tracing.js';

/** The request's server span, kept on the request (a WeakMap entry per request costs more). */
const SPAN = Symbol('dinebuds.serverSpan');

/** The parts of a Fastify request, reply and instance the hooks use (no Fastify import needed). */
interface HookRequest {
  [SPAN]?: Span;
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

/**
 * The route pattern (`/api/users/:id`, `/rpc/users.get`), never the raw URL: ids in paths would
 * make one series per user. Unmatched requests share one label.
 */
function routeOf(req: HookRequest): string {
  return req.routeOptions?.url ?? 'unmatched';
}

/** A header's one value (the first of a repeated one, as the W3C propagator reads it). */
function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A service's server span for one request, continuing the caller's trace (traceparent). */
function serverSpan(
  service: string,
  method: string,
  url: string,
  headers: Record<string, string | string[] | undefined>,
  route: string,
): Span {
  const span = startServerSpan(
    `${service} ${method} ${route}`,
    headerValue(headers.traceparent),
    headerValue(headers.tracestate),
  );
  // Most requests are not sampled: their span only carries the decision on (traceparent flags)
  // and gets no attributes built.
  if (span.isRecording()) {
    const query = url.indexOf('?');
    span.setAttributes({
      'dinebuds.service': service,
      'http.request.method': method,
      'http.route': route,
      'url.path': url.slice(0, query === -1 ? 500 : Math.min(query, 500)),
    });
  }
  return span;
}

/** Ends a server span with the answer's status. */
function endServerSpan(span: Span, statusCode: number): void {
  if (span.isRecording()) {
    span.setAttribute('http.response.status_code', statusCode);
    if (statusCode >= 500) span.setStatus({ code: 2 });
  }
  span.end();
}

/**
 * The request histogram's recorder for one service: the labelled child per (method, route,
 * status class) kept, so a request builds no label object (prom-client still hashes the labels on
 * each observe, ~1-2 µs). The request counter is the histogram's count, copied at scrape time.
 */
function durationRecorder(
  service: string,
): (method: string, route: string, statusCode: number, seconds: number) => void {
  const children = new Map<string, { observe(v: number): void }>();
  return (method, route, statusCode, seconds) => {
    const status = statusClass(statusCode);
    const key = `${method} ${route} ${status}`;
    let child = children.get(key);
    if (!child) {
      child = httpDuration.labels({ service, method, route, status_class: status });
      children.set(key, child);
    }
    child.observe(seconds);
  };
}

/** A call that reaches a service's handler without an HTTP request (the one-process runner's). */
export interface ObservedCall {
  method: string;
  /** The RPC's route, e.g. /rpc/users.get. */
  route: string;
  headers: Record<string, string>;
}

/** Runs a call inside its server span and records its duration, as the hooks do for requests. */
export type CallObserver = <T extends { statusCode: number }>(
  call: ObservedCall,
  run: () => Promise<T>,
) => Promise<T>;

/**
 * The same metrics and server span for calls that skip the HTTP server (in-process RPCs), so a
 * service's figures and traces do not depend on how it was called. Null when both are off.
 */
export function callObserver(service: string): CallObserver | null {
  const tracer = activeTracer();
  const record = metricsEnabled() ? durationRecorder(service) : null;
  if (!tracer && !record) return null;
  return async (call, run) => {
    const started = performance.now();
    const span = tracer ? serverSpan(service, call.method, call.route, call.headers, call.route) : undefined;
    let statusCode = 500;
    try {
      const result = span ? await context.with(trace.setSpan(context.active(), span), run) : await run();
      statusCode = result.statusCode;
      return result;
    } finally {
      record?.(call.method, call.route, statusCode, (performance.now() - started) / 1000);
      if (span) endServerSpan(span, statusCode);
    }
  };
}

/** The request's server span while it runs (tracing on), for code given the request (CallOrigin). */
export function serverSpanOf(req: object): Span | undefined {
  return (req as HookRequest)[SPAN];
}

/** The trace and span ids of the request's server span, for its log line; undefined without one. */
export function traceFieldsOf(req: object): { traceId: string; spanId: string } | undefined {
  const span = serverSpanOf(req)?.spanContext();
  return span && { traceId: span.traceId, spanId: span.spanId };
}

export interface HttpObservabilityOptions {
  /**
   * Whether the server span is made the active context (AsyncLocalStorage) while the route runs,
   * so SQL and outbox events recorded deep in a service's handler find it (default true). The
   * gateway passes its span explicitly (serverSpanOf, CallOrigin) and turns this off.
   */
  activateSpan?: boolean;
}

/**
 * Request metrics and the server span of every request on a Fastify instance (the gateway's or
 * a service's), labelled with `service`. Install before the routes are registered (before Nest's
 * init). Metrics hooks are skipped when METRICS_ENABLED is false, span hooks when tracing is off
 * at install time: what is off costs nothing per request.
 *
 * The span continues the caller's trace (W3C traceparent header: the gateway's RPC carries it)
 * and, unless `activateSpan` is false, is made active from preHandler on, as the request id is,
 * so RPC calls, SQL and outbox events recorded by the handler belong to it.
 */
export function installHttpObservability(
  app: HookHost,
  service: string,
  options: HttpObservabilityOptions = {},
): void {
  const tracer = activeTracer();
  if (tracer) {
    app.addHook('onRequest', (req, _reply, done) => {
      req[SPAN] = serverSpan(service, req.method, req.url, req.headers, routeOf(req));
      done();
    });
    if (options.activateSpan !== false)
      app.addHook('preHandler', (req, _reply, done) => {
        const span = req[SPAN];
        if (!span) return done();
        context.with(trace.setSpan(context.active(), span), done);
      });
  }
  const record = metricsEnabled() ? durationRecorder(service) : null;
  if (!tracer && !record) return;
  app.addHook('onResponse', (req, reply, done) => {
    record?.(req.method, routeOf(req), reply.statusCode, reply.elapsedTime / 1000);
    const span = req[SPAN];
    if (span) {
      endServerSpan(span, reply.statusCode);
      req[SPAN] = undefined;
    }
    done();
  });
}

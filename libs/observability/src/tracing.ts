import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { isTracingSuppressed, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OTLPJsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OTLPProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  SamplingDecision,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { formatTraceparent, parseTraceparent, propagatable, requestContextManager } from '@dinebuds/logging';
import { RequestIdGenerator } from './ids.js';
import { instrumentPg } from './sql.js';

export interface TracingOptions {
  /** The resource's service.name: the process ('identity', 'gateway', or 'dinebuds' all-in-one). */
  serviceName: string;
  /**
   * OTLP/HTTP collector base URL (`/v1/traces` is appended), default OTEL_EXPORTER_OTLP_ENDPOINT.
   * Without it and without `exporter`, tracing stays off.
   */
  endpoint?: string;
  /**
   * The OTLP body encoding (default OTEL_EXPORTER_OTLP_PROTOCOL, else `http/protobuf`, the
   * specification's default and about half the CPU of `http/json` per span).
   */
  protocol?: OtlpProtocol;
  /** An exporter of your own (tests: InMemorySpanExporter), sent each span as it ends. */
  exporter?: SpanExporter;
  /**
   * Which traces are recorded (default OTEL_TRACES_SAMPLER; without it `parentbased_traceidratio`
   * at the given ratio, else at DEFAULT_TRACE_SAMPLE_RATIO). The parent-based ones
   * follow the decision of a request that arrives with a traceparent, so a trace is never half
   * recorded across services.
   */
  sampler?: TracesSampler;
  /**
   * Share of new traces the ratio samplers record, 0..1 (default OTEL_TRACES_SAMPLER_ARG, else 1
   * for a sampler named, else DEFAULT_TRACE_SAMPLE_RATIO).
   */
  sampleRatio?: number;
}

/** The values of OTEL_TRACES_SAMPLER this library accepts (the OpenTelemetry specification's). */
export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TracesSampler = (typeof TRACES_SAMPLERS)[number];

/** OTEL_TRACES_SAMPLER, checked, else undefined. */
export function samplerFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): TracesSampler | undefined {
  const raw = env.OTEL_TRACES_SAMPLER?.trim();
  if (!raw) return undefined;
  if (!(TRACES_SAMPLERS as readonly string[]).includes(raw))
    throw new Error(`OTEL_TRACES_SAMPLER must be one of ${TRACES_SAMPLERS.join(', ')}, got '${raw}'`);
  return raw as TracesSampler;
}

/** The values of OTEL_EXPORTER_OTLP_PROTOCOL this library accepts (no gRPC: OTLP over HTTP only). */
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** OTEL_EXPORTER_OTLP_PROTOCOL, checked, else undefined. */
export function protocolFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): OtlpProtocol | undefined {
  const raw = env.OTEL_EXPORTER_OTLP_PROTOCOL?.trim();
  if (!raw) return undefined;
  if (!(OTLP_PROTOCOLS as readonly string[]).includes(raw))
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL must be one of ${OTLP_PROTOCOLS.join(', ')}, got '${raw}'`);
  return raw as OtlpProtocol;
}

/**
 * The SDK sampler a TracesSampler names, and its parts: the sampler of new traces (`root`) and
 * whether a caller's decision is followed (`parentBased`), so a request span's decision can be
 * taken before any span is made (startServerSpan).
 */
function buildSampler(
  name: TracesSampler,
  ratio: number,
): { sampler: Sampler; root: Sampler; parentBased: boolean } {
  const root =
    name.endsWith('always_on') || (name.endsWith('traceidratio') && ratio >= 1)
      ? new AlwaysOnSampler()
      : name.endsWith('always_off')
        ? new AlwaysOffSampler()
        : new TraceIdRatioBasedSampler(ratio);
  const parentBased = name.startsWith('parentbased_');
  return { sampler: parentBased ? new ParentBasedSampler({ root }) : root, root, parentBased };
}

/** OTEL_TRACES_SAMPLER_ARG as a ratio in 0..1 (the OpenTelemetry variable), else undefined. */
export function sampleRatioFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): number | undefined {
  const raw = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  if (!raw) return undefined;
  const ratio = Number(raw);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1)
    throw new Error(`OTEL_TRACES_SAMPLER_ARG must be a ratio between 0 and 1, got '${raw}'`);
  return ratio;
}

export interface RunningTracing {
  /** Flushes spans not yet exported (call before exit). */
  flush(): Promise<void>;
  /** Flushes, then turns tracing off again (tests). */
  shutdown(): Promise<void>;
}

/**
 * Spans held while the collector is slow or away: ~3 s of the one-process app's spans at full
 * load (~2,500/s measured by the observability bench), a few MB; beyond it new spans are dropped.
 * The SDK's default, 2048, is under a second of that.
 */
const BATCH_QUEUE_SIZE = 8192;
/** How often a partly filled batch is sent (the SDK's 5 s holds traces back from the viewer). */
const BATCH_DELAY_MS = 2000;

/**
 * Share of new traces recorded when neither OTEL_TRACES_SAMPLER nor OTEL_TRACES_SAMPLER_ARG is
 * set (parent-based: a request that arrives with a traceparent follows its caller's decision).
 * Chosen from the observability bench (scripts/bench/README.md, "Tracing sampled"): every trace
 * recorded cost more than the 15% budget; a tenth keeps a busy deployment's traces plentiful.
 */
export const DEFAULT_TRACE_SAMPLE_RATIO = 0.1;

let tracer: Tracer | undefined;
let running: BasicTracerProvider | undefined;
/** The sampler's parts (buildSampler) and the provider's ids, while tracing runs. */
let decider: { root: Sampler; parentBased: boolean } | undefined;
let ids: RequestIdGenerator | undefined;

/** Whether spans are being recorded: every hook checks this first, so tracing off costs one test. */
export function tracingOn(): boolean {
  return tracer !== undefined;
}

/** The tracer in force, or undefined when tracing is off. */
export function activeTracer(): Tracer | undefined {
  return tracer;
}

/**
 * Turns tracing on for this process when an endpoint (OTEL_EXPORTER_OTLP_ENDPOINT) or an exporter
 * is given, and does nothing otherwise (returns null): no provider, no context manager, no hooks.
 * Registers the W3C `traceparent` propagator and the logging library's context manager globally
 * (one AsyncLocalStorage for the request id and the active span), and wraps pg's queries (SQL spans). Call once, before the services start.
 */
export function setupTracing(options: TracingOptions): RunningTracing | null {
  if (running) throw new Error('setupTracing: tracing is already set up in this process');
  const endpoint = options.endpoint ?? process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!options.exporter && !endpoint) return null;
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : // Batched: spans leave the request path and the exporter posts them in the background.
      // The bounded queue drops spans rather than memory when the collector falls behind; the
      // OTEL_BSP_* variables override these limits (the SDK reads them for unset fields).
      new BatchSpanProcessor(
        otlpExporter(endpoint!, options.protocol ?? protocolFromEnv() ?? 'http/protobuf'),
        {
          ...(process.env.OTEL_BSP_MAX_QUEUE_SIZE ? {} : { maxQueueSize: BATCH_QUEUE_SIZE }),
          ...(process.env.OTEL_BSP_SCHEDULE_DELAY ? {} : { scheduledDelayMillis: BATCH_DELAY_MS }),
        },
      );
  const chosenSampler = options.sampler ?? samplerFromEnv();
  const sampler = chosenSampler ?? 'parentbased_traceidratio';
  // A ratio sampler named without a ratio records every trace (the specification's default);
  // with nothing set at all, DEFAULT_TRACE_SAMPLE_RATIO of new traces.
  const ratio =
    options.sampleRatio ?? sampleRatioFromEnv() ?? (chosenSampler ? 1 : DEFAULT_TRACE_SAMPLE_RATIO);
  const { sampler: sdkSampler, root, parentBased } = buildSampler(sampler, ratio);
  const idGenerator = new RequestIdGenerator();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor],
    sampler: sdkSampler,
    idGenerator,
  });
  context.setGlobalContextManager(requestContextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer('dinebuds');
  running = provider;
  decider = { root, parentBased };
  ids = idGenerator;
  instrumentPg();
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
      if (running !== provider) return;
      trace.disable();
      context.disable();
      propagation.disable();
      tracer = undefined;
      running = undefined;
      decider = undefined;
      ids = undefined;
    },
  };
}

/** The OTLP/HTTP exporter posting to `<endpoint>/v1/traces` in `protocol`'s encoding. */
function otlpExporter(endpoint: string, protocol: OtlpProtocol): SpanExporter {
  const url = `${endpoint.replace(/\/$/, '')}/v1/traces`;
  return protocol === 'http/json'
    ? new OTLPJsonTraceExporter({ url })
    : new OTLPProtobufTraceExporter({ url });
}

/**
 * W3C traceparent of the span in `ctx` (default: the active one), e.g. for an RPC's headers or to
 * stamp an event envelope; undefined without a span or while tracing is suppressed (the
 * propagator's rules, written directly: see libs/logging/src/trace-context.ts).
 */
export function traceparentOf(ctx: Context = context.active()): string | undefined {
  const span = trace.getSpanContext(ctx);
  return propagatable(span) && !isTracingSuppressed(ctx) ? formatTraceparent(span) : undefined;
}

/**
 * The context a W3C traceparent describes, over the active one without its span (a new trace when
 * absent or malformed): the request id and other values of the active context stay.
 */
export function contextFromTraceparent(traceparent: string | undefined): Context {
  const base = trace.deleteSpan(context.active());
  const parent = traceparent ? parseTraceparent(traceparent) : undefined;
  return parent ? trace.setSpanContext(base, parent) : base;
}

/**
 * The server span of one request (tracing must be on), continuing the caller's trace when a valid
 * traceparent came with it. Most requests are not sampled, so the decision comes first, from the
 * configured sampler's own parts: a caller's flag when parent-based, else the sampler of new
 * traces on the trace id. Not sampled: a non-recording span that only carries the trace id, a
 * new span id and the flag on (traceparent sampled=0 downstream, the trace id in log lines),
 * without the SDK's span start. Sampled: the SDK's span, whose sampler takes the same decision
 * (deterministic on the trace id, which RequestIdGenerator hands it). A caller's tracestate needs
 * the propagator, which carries it on.
 */
export function startServerSpan(name: string, traceparent?: string, tracestate?: string): Span {
  const sdkTracer = tracer!;
  if (traceparent !== undefined && tracestate !== undefined) {
    const parent = propagation.extract(ROOT_CONTEXT, { traceparent, tracestate });
    return sdkTracer.startSpan(name, { kind: SpanKind.SERVER }, parent);
  }
  const parent = traceparent ? parseTraceparent(traceparent) : undefined;
  const traceId = parent?.traceId ?? ids!.generateTraceId();
  const { root, parentBased } = decider!;
  const sampled =
    parent && parentBased
      ? (parent.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED
      : root.shouldSample(ROOT_CONTEXT, traceId, name, SpanKind.SERVER, {}, []).decision !==
        SamplingDecision.NOT_RECORD;
  if (!sampled)
    return trace.wrapSpanContext({ traceId, spanId: ids!.generateSpanId(), traceFlags: TraceFlags.NONE });
  if (parent)
    return sdkTracer.startSpan(name, { kind: SpanKind.SERVER }, trace.setSpanContext(ROOT_CONTEXT, parent));
  ids!.nextTraceId(traceId);
  return sdkTracer.startSpan(name, { kind: SpanKind.SERVER }, ROOT_CONTEXT);
}

/** Ends `span` with an error status when `error` is set. */
export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: 2, message: error instanceof Error ? error.message : String(error) });
  }
  span.end();
}

/** The SDK's in-memory exporter and span type, of the version this library runs (tests). */
export { InMemorySpanExporter, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';

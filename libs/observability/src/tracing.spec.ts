import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { context, trace } from '@opentelemetry/api';
import { currentRequestId, runWithRequestId } from '@dinebuds/logging';
import {
  activeTracer,
  contextFromTraceparent,
  DEFAULT_TRACE_SAMPLE_RATIO,
  InMemorySpanExporter,
  protocolFromEnv,
  sampleRatioFromEnv,
  samplerFromEnv,
  setupTracing,
  startServerSpan,
  traceparentOf,
  tracingOn,
} from './tracing.js';

describe('tracing', () => {
  it('stays off without an endpoint or exporter', () => {
    expect(setupTracing({ serviceName: 'x', endpoint: undefined })).toBeNull();
    expect(tracingOn()).toBe(false);
  });

  it('reads OTEL_TRACES_SAMPLER_ARG as a ratio and refuses anything else', () => {
    expect(sampleRatioFromEnv({})).toBeUndefined();
    expect(sampleRatioFromEnv({ OTEL_TRACES_SAMPLER_ARG: '0.25' })).toBe(0.25);
    expect(() => sampleRatioFromEnv({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });

  it('reads OTEL_TRACES_SAMPLER by the OpenTelemetry names and refuses anything else', () => {
    expect(samplerFromEnv({})).toBeUndefined();
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio' })).toBe(
      'parentbased_traceidratio',
    );
    expect(() => samplerFromEnv({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/);
  });

  it('reads OTEL_EXPORTER_OTLP_PROTOCOL (OTLP over HTTP only) and refuses anything else', () => {
    expect(protocolFromEnv({})).toBeUndefined();
    expect(protocolFromEnv({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('http/json');
    expect(() => protocolFromEnv({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL/,
    );
  });

  it.each([
    [undefined, 'application/x-protobuf'],
    ['http/json', 'application/json'],
  ] as const)('with protocol %s posts the spans to <endpoint>/v1/traces as %s', async (protocol, type) => {
    const posts: { url?: string; type?: string; body: Buffer }[] = [];
    const collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        posts.push({ url: req.url, type: req.headers['content-type'], body: Buffer.concat(chunks) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/`;
    const tracing = setupTracing({ serviceName: 'x', endpoint, protocol, sampler: 'always_on' })!;
    try {
      activeTracer()!.startSpan('exported span').end();
      await tracing.flush();
      expect(posts).toHaveLength(1);
      expect(posts[0]).toMatchObject({ url: '/v1/traces', type });
      // The span's name is a string field in either encoding.
      expect(posts[0]!.body.includes('exported span')).toBe(true);
    } finally {
      await tracing.shutdown();
      await new Promise((resolve) => collector.close(resolve));
    }
  });

  it.each([
    ['parentbased_always_off', ['child of a sampled caller']],
    ['always_off', []],
    ['always_on', ['new root', 'child of a sampled caller']],
  ] as const)('with the %s sampler records %j', async (sampler, recorded) => {
    const exporter = new InMemorySpanExporter();
    const tracing = setupTracing({ serviceName: 'x', exporter, sampler })!;
    try {
      const tracer = activeTracer()!;
      tracer.startSpan('new root').end();
      const caller = contextFromTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
      tracer.startSpan('child of a sampled caller', {}, caller).end();
      expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(recorded);
    } finally {
      await tracing.shutdown();
    }
  });

  it('with nothing set records DEFAULT_TRACE_SAMPLE_RATIO of new traces and every child of a sampled caller', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = setupTracing({ serviceName: 'x', exporter })!;
    try {
      const tracer = activeTracer()!;
      for (let i = 0; i < 2000; i++) tracer.startSpan('new root').end();
      const caller = contextFromTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
      tracer.startSpan('child of a sampled caller', {}, caller).end();
      const names = exporter.getFinishedSpans().map((s) => s.name);
      // Trace ids are random: 2,000 roots at 10% give 200 ± 3 standard deviations (~40).
      const roots = names.filter((name) => name === 'new root').length;
      expect(DEFAULT_TRACE_SAMPLE_RATIO).toBe(0.1);
      expect(roots).toBeGreaterThan(140);
      expect(roots).toBeLessThan(260);
      expect(names).toContain('child of a sampled caller');
    } finally {
      await tracing.shutdown();
    }
  });

  it('with a ratio of 0 records no new trace, yet follows a sampled caller (never half a trace)', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = setupTracing({ serviceName: 'x', exporter, sampleRatio: 0 })!;
    try {
      const tracer = activeTracer()!;
      tracer.startSpan('new root').end();
      const caller = contextFromTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
      const child = tracer.startSpan('child of a sampled caller', {}, caller);
      // The child's context travels on (RPC header, event envelope) with the caller's trace id.
      expect(traceparentOf(trace.setSpan(context.active(), child))).toMatch(
        /^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/,
      );
      child.end();
      expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['child of a sampled caller']);
    } finally {
      await tracing.shutdown();
    }
    expect(tracingOn()).toBe(false);
  });

  it('keeps the request id in the span contexts it enters, and an event consumer gets its own trace', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = setupTracing({ serviceName: 'x', exporter, sampler: 'parentbased_always_on' })!;
    try {
      const span = activeTracer()!.startSpan('request');
      const seen = runWithRequestId('req-7', () =>
        context.with(trace.setSpan(context.active(), span), () => {
          const consumer = contextFromTraceparent(undefined);
          const inConsumer = context.with(consumer, () => [
            currentRequestId(),
            trace.getSpan(context.active()),
          ]);
          return [currentRequestId(), trace.getSpan(context.active()), ...inConsumer];
        }),
      );
      expect(seen).toEqual(['req-7', span, 'req-7', undefined]);
      span.end();
    } finally {
      await tracing.shutdown();
    }
  });

  describe("a request's server span (startServerSpan)", () => {
    const callerTrace = '0af7651916cd43dd8448eb211c80319c';
    const sampledCaller = `00-${callerTrace}-b7ad6b7169203331-01`;
    const unsampledCaller = `00-${callerTrace}-b7ad6b7169203331-00`;

    it('not sampled: records and exports nothing, yet carries a valid trace id and sampled=0 on', async () => {
      const exporter = new InMemorySpanExporter();
      const tracing = setupTracing({ serviceName: 'x', exporter, sampleRatio: 0 })!;
      try {
        const span = startServerSpan('gateway GET /api/x');
        expect(span.isRecording()).toBe(false);
        const ctx = trace.setSpan(context.active(), span);
        // A downstream service reads this and, parent-based, does not sample either.
        expect(traceparentOf(ctx)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
        expect(traceparentOf(ctx)).not.toMatch(/^00-0{32}-|-0{16}-/);
        span.end();
        expect(exporter.getFinishedSpans()).toEqual([]);
      } finally {
        await tracing.shutdown();
      }
    });

    it('follows a caller that sampled (same trace, its span as parent) even at ratio 0', async () => {
      const exporter = new InMemorySpanExporter();
      const tracing = setupTracing({ serviceName: 'x', exporter, sampleRatio: 0 })!;
      try {
        const span = startServerSpan('identity POST /rpc/users.get', sampledCaller);
        expect(span.isRecording()).toBe(true);
        span.end();
        const [recorded] = exporter.getFinishedSpans();
        expect(recorded!.spanContext().traceId).toBe(callerTrace);
        expect(recorded!.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
      } finally {
        await tracing.shutdown();
      }
    });

    it('follows a caller that did not sample, even when every new trace is recorded', async () => {
      const exporter = new InMemorySpanExporter();
      const tracing = setupTracing({ serviceName: 'x', exporter, sampler: 'parentbased_always_on' })!;
      try {
        const span = startServerSpan('identity POST /rpc/users.get', unsampledCaller);
        expect(span.isRecording()).toBe(false);
        expect(traceparentOf(trace.setSpan(context.active(), span))).toMatch(
          new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-00$`),
        );
        span.end();
        expect(exporter.getFinishedSpans()).toEqual([]);
      } finally {
        await tracing.shutdown();
      }
    });

    it("with a sampler that is not parent-based, decides on the caller's trace id as the SDK does", async () => {
      const exporter = new InMemorySpanExporter();
      const tracing = setupTracing({ serviceName: 'x', exporter, sampler: 'always_on' })!;
      try {
        startServerSpan('identity POST /rpc/users.get', unsampledCaller).end();
        expect(exporter.getFinishedSpans().map((s) => s.spanContext().traceId)).toEqual([callerTrace]);
      } finally {
        await tracing.shutdown();
      }
    });

    it('records DEFAULT_TRACE_SAMPLE_RATIO of new requests, each with the trace id it was decided on', async () => {
      const exporter = new InMemorySpanExporter();
      const tracing = setupTracing({ serviceName: 'x', exporter })!;
      try {
        let kept = 0;
        for (let i = 0; i < 2000; i++) {
          const span = startServerSpan('gateway GET /api/x');
          if (span.isRecording()) kept++;
          span.end();
        }
        // 2,000 requests at 10% give 200 ± 3 standard deviations (~40); a decision taken twice
        // (here, then again by the SDK on another trace id) would keep ~1%.
        const recorded = exporter.getFinishedSpans();
        expect(recorded.length).toBe(kept);
        expect(kept).toBeGreaterThan(140);
        expect(kept).toBeLessThan(260);
      } finally {
        await tracing.shutdown();
      }
    });

    it("carries a caller's tracestate on", async () => {
      const exporter = new InMemorySpanExporter();
      const tracing = setupTracing({ serviceName: 'x', exporter, sampleRatio: 0 })!;
      try {
        const span = startServerSpan('identity POST /rpc/users.get', sampledCaller, 'vendor=abc');
        span.end();
        expect(span.spanContext().traceState?.serialize()).toBe('vendor=abc');
        expect(span.spanContext().traceId).toBe(callerTrace);
      } finally {
        await tracing.shutdown();
      }
    });
  });
});

import { describe, expect, it } from '@jest/globals';
import {
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  trace,
  TraceFlags,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { formatTraceparent, parseTraceparent } from './trace-context.js';

const propagator = new W3CTraceContextPropagator();

/** What the W3C propagator reads from a traceparent header (the reference this module follows). */
function propagatorReads(traceparent: string) {
  const span = trace.getSpanContext(propagator.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter));
  return span && { traceId: span.traceId, spanId: span.spanId, traceFlags: span.traceFlags, isRemote: true };
}

describe('traceparent as text', () => {
  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const spanId = 'b7ad6b7169203331';

  it.each([
    `00-${traceId}-${spanId}-01`,
    `00-${traceId}-${spanId}-00`,
    ` 00-${traceId}-${spanId}-01 `,
    `01-${traceId}-${spanId}-01-future-field`,
    `01-${traceId}-${spanId}-03`,
    `00-${traceId}-${spanId}-01-extra`,
    `ff-${traceId}-${spanId}-01`,
    `00-${'0'.repeat(32)}-${spanId}-01`,
    `00-${traceId}-${'0'.repeat(16)}-01`,
    `00-${traceId.toUpperCase()}-${spanId}-01`,
    `00-${traceId}-${spanId}-1`,
    `00-${traceId}-${spanId}01`,
    `00-${traceId.slice(1)}-${spanId}-01`,
    '',
    'garbage',
  ])('reads %j as the W3C propagator does', (header) => {
    expect(parseTraceparent(header)).toEqual(propagatorReads(header));
  });

  it.each([TraceFlags.SAMPLED, TraceFlags.NONE])(
    'writes what the W3C propagator writes (flags %d)',
    (traceFlags) => {
      const span = { traceId, spanId, traceFlags };
      const carrier: Record<string, string> = {};
      propagator.inject(trace.setSpanContext(ROOT_CONTEXT, span), carrier, defaultTextMapSetter);
      expect(formatTraceparent(span)).toBe(carrier.traceparent);
      expect(parseTraceparent(formatTraceparent(span))).toEqual({ ...span, isRemote: true });
    },
  );
});

import { TraceFlags, type SpanContext } from '@opentelemetry/api';

/**
 * The W3C `traceparent` header read and written as text (https://www.w3.org/TR/trace-context/),
 * what the W3C propagator does without its carrier, getter and context objects: every RPC hop
 * writes one and every service reads one, sampled or not. `tracestate` is not handled here:
 * callers that see one go through the propagator, which carries it on. It lives here, below both
 * the RPC client (libs/service-client) and tracing (libs/observability), so both use this one copy.
 */

/** version-traceid-parentid-flags, lowercase hex; a later version may append `-...` fields. */
const TRACEPARENT = /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}(?:-.*)?$/;
const VERSION_00_LENGTH = 55;
const ZERO_TRACE_ID = '00000000000000000000000000000000';
const ZERO_SPAN_ID = '0000000000000000';

/** The remote span context a traceparent describes, or undefined when it is malformed. */
export function parseTraceparent(header: string): SpanContext | undefined {
  // The propagator accepts one space around the value; so does this.
  const value =
    header.charCodeAt(0) === 32 || header.charCodeAt(header.length - 1) === 32 ? header.trim() : header;
  // Tested without captures, then cut at the fixed offsets: no match arrays built.
  if (!TRACEPARENT.test(value)) return undefined;
  const version = value.slice(0, 2);
  // Version ff is forbidden; version 00 has exactly four fields.
  if (version === 'ff' || (version === '00' && value.length !== VERSION_00_LENGTH)) return undefined;
  const traceId = value.slice(3, 35);
  const spanId = value.slice(36, 52);
  if (traceId === ZERO_TRACE_ID || spanId === ZERO_SPAN_ID) return undefined;
  return { traceId, spanId, traceFlags: parseInt(value.slice(53, 55), 16), isRemote: true };
}

/** The traceparent (version 00) of a span context: only its sampled flag is carried on. */
export function formatTraceparent(span: SpanContext): string {
  return `00-${span.traceId}-${span.spanId}-0${span.traceFlags & TraceFlags.SAMPLED}`;
}

/** Whether a span context can be propagated (the API's isSpanContextValid, without its regexes). */
export function propagatable(span: SpanContext | undefined): span is SpanContext {
  return span !== undefined && span.traceId !== ZERO_TRACE_ID && span.spanId !== ZERO_SPAN_ID;
}

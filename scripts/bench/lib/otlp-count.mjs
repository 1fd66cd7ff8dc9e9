// The number of spans in an OTLP ExportTraceServiceRequest protobuf body, read from the wire
// format without decoding anything else (opentelemetry/proto trace.proto):
//   ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
//   ResourceSpans             { Resource resource = 1; repeated ScopeSpans scope_spans = 2; ... }
//   ScopeSpans                { InstrumentationScope scope = 1; repeated Span spans = 2; ... }
// Exact: every span is one field 2 of a scope_spans message, whatever the field order.

/** Reads a varint at `at`: [value, next offset]. */
function varint(buf, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (at >= buf.length) throw new Error('OTLP protobuf: truncated varint');
    const byte = buf[at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
    shift += 7;
  }
}

/**
 * Calls `onField(number, start, end)` for each length-delimited field of the message in
 * buf[start, end), skipping the other wire types.
 */
function fields(buf, start, end, onField) {
  let at = start;
  while (at < end) {
    const [tag, afterTag] = varint(buf, at);
    const wire = tag % 8;
    const number = Math.floor(tag / 8);
    at = afterTag;
    if (wire === 0) at = varint(buf, at)[1];
    else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else if (wire === 2) {
      const [length, body] = varint(buf, at);
      at = body + length;
      if (at > end) throw new Error('OTLP protobuf: field runs past its message');
      onField(number, body, at);
    } else throw new Error(`OTLP protobuf: unexpected wire type ${wire}`);
  }
}

/** Spans in an ExportTraceServiceRequest body. */
export function countProtobufSpans(buf) {
  let spans = 0;
  fields(buf, 0, buf.length, (n, s, e) => {
    if (n !== 1) return;
    fields(buf, s, e, (n2, s2, e2) => {
      if (n2 !== 2) return;
      fields(buf, s2, e2, (n3) => {
        if (n3 === 2) spans++;
      });
    });
  });
  return spans;
}

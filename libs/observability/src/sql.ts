import { SpanKind, trace } from '@opentelemetry/api';
import { requestContextManager } from '@dinebuds/logging';
import pg from 'pg';
import { activeTracer, endSpan } from './tracing.js';

/** Longest SQL text kept on a span (statements are parameterised: no values are recorded). */
const MAX_STATEMENT = 2_000;

/** The statement's first word (SELECT, INSERT, ...), without copying or splitting the text. */
const VERB = /^\s*([A-Za-z]+)/;

let patched = false;

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * One client span per SQL statement, child of the active span (the request's or the consumer's).
 * pg's Client.query is wrapped by hand rather than with @opentelemetry/instrumentation-pg:
 * that one patches `require('pg')` through module hooks, which do not see modules loaded as ES
 * modules (Nest 12 and this repository are ESM) nor under Jest. Queries outside any trace (the
 * relay's idle polls) are not recorded.
 */
export function instrumentPg(): void {
  if (patched) return;
  patched = true;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function tracedQuery(this: pg.Client): unknown {
    const tracer = activeTracer();
    // Outside a trace, or in one not sampled (most queries): no span at all, not even a
    // non-recording one, and the query called with its own arguments (no rest array). The
    // context is read from the store tracing registers as OpenTelemetry's (setupTracing).
    if (!tracer || !trace.getSpan(requestContextManager.active())?.isRecording())
      // eslint-disable-next-line prefer-rest-params
      return original.apply(this, arguments as unknown as unknown[]);
    // eslint-disable-next-line prefer-rest-params
    const args = Array.prototype.slice.call(arguments) as unknown[];
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const span = tracer.startSpan(`sql ${VERB.exec(text)?.[1]?.toUpperCase() ?? 'QUERY'}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.query.text': text.slice(0, MAX_STATEMENT),
        'db.namespace': this.database ?? '',
      },
    });
    const callback = args.length > 0 && typeof args[args.length - 1] === 'function';
    if (callback) {
      const done = args[args.length - 1] as (err: unknown, result: unknown) => void;
      args[args.length - 1] = (err: unknown, result: unknown) => {
        endSpan(span, err ?? undefined);
        done(err, result);
      };
    }
    // The query runs in the caller's context, not the SQL span's: nothing inside pg makes spans,
    // and entering a context per statement costs an AsyncLocalStorage run for nothing.
    let result: unknown;
    try {
      result = original.apply(this, args);
    } catch (err) {
      endSpan(span, err);
      throw err;
    }
    if (!callback) {
      if (result && typeof (result as Promise<unknown>).then === 'function')
        (result as Promise<unknown>).then(
          () => endSpan(span),
          (err: unknown) => endSpan(span, err),
        );
      // A submittable (cursor, stream): its end is not observable here; record its start.
      else endSpan(span);
    }
    return result;
  } as Query;
}

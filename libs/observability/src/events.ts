import { context, SpanKind, trace } from '@opentelemetry/api';
import { setEventsInstrumentation } from '@dinebuds/events';
import {
  eventLag,
  eventsConsumed,
  eventsDeadLettered,
  eventsPublished,
  eventsRedelivered,
  eventsReturned,
  inboxDuration,
  metricsEnabled,
} from './metrics.js';
import { activeTracer, contextFromTraceparent, endSpan, traceparentOf } from './tracing.js';

/** `social-graph` for the queue `social-graph.events` (the kit's naming: `<service>.events`). */
function serviceOfQueue(queue: string): string {
  const dot = queue.indexOf('.');
  return dot > 0 ? queue.slice(0, dot) : queue;
}

let installed = false;

/**
 * Plugs metrics and tracing into the events library's hooks (libs/events instrumentation.ts),
 * once per process. Tracing is decided at each call (tracingOn), so setting it up later still
 * takes effect:
 * - an envelope recorded in a traced request carries its traceparent;
 * - the relay's publish is a producer span, child of that context, and the envelope it sends
 *   carries the publish span's traceparent;
 * - the consumer's handling is a consumer span, child of the publish span: one trace from the
 *   browser's request to every consumer.
 */
export function installEventsObservability(): void {
  if (installed) return;
  installed = true;
  const metrics = metricsEnabled();
  setEventsInstrumentation({
    traceparent: () => (activeTracer() ? traceparentOf() : undefined),
    publish: (envelope, send) => {
      const tracer = activeTracer();
      if (!tracer) return send(envelope);
      const parent = contextFromTraceparent(envelope.traceparent);
      const span = tracer.startSpan(
        `publish ${envelope.type}`,
        {
          kind: SpanKind.PRODUCER,
          attributes: {
            'dinebuds.service': envelope.producer,
            'messaging.operation.type': 'send',
            'messaging.destination.name': envelope.type,
            'messaging.message.id': envelope.id,
          },
        },
        parent,
      );
      const ctx = trace.setSpan(parent, span);
      const stamped = { ...envelope, traceparent: traceparentOf(ctx) };
      return context
        .with(ctx, () => send(stamped))
        .then(
          () => endSpan(span),
          (err: unknown) => {
            endSpan(span, err);
            throw err;
          },
        );
    },
    consume: (queue, envelope, run) => {
      const tracer = activeTracer();
      if (!tracer) return run();
      const parent = contextFromTraceparent(envelope.traceparent);
      const span = tracer.startSpan(
        `consume ${envelope.type}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'dinebuds.service': serviceOfQueue(queue),
            'messaging.operation.type': 'process',
            'messaging.destination.name': queue,
            'messaging.message.id': envelope.id,
          },
        },
        parent,
      );
      return context.with(trace.setSpan(parent, span), run).then(
        () => endSpan(span),
        (err: unknown) => {
          endSpan(span, err);
          throw err;
        },
      );
    },
    ...(metrics
      ? {
          published: (envelope, outcome) =>
            eventsPublished.inc({ service: envelope.producer, type: envelope.type, outcome }),
          returned: (type) => eventsReturned.inc({ type }),
          consumed: (queue, envelope, outcome, redelivered) => {
            const service = serviceOfQueue(queue);
            eventsConsumed.inc({ service, queue, type: envelope.type, outcome });
            if (redelivered) eventsRedelivered.inc({ service, queue, type: envelope.type });
            if (outcome === 'dead_lettered') eventsDeadLettered.inc({ service, queue, type: envelope.type });
            if (outcome === 'acked') {
              const lag = (Date.now() - Date.parse(envelope.occurredAt)) / 1000;
              if (Number.isFinite(lag)) eventLag.observe({ service, type: envelope.type }, Math.max(0, lag));
            }
          },
          inboxHandled: (service, consumer, type, outcome, seconds) =>
            inboxDuration.observe({ service, consumer, type, outcome }, seconds),
        }
      : {}),
  });
}

import type { EventEnvelope } from '@dinebuds/contracts';

/** How one publish of an outbox row ended. */
export type PublishOutcome = 'confirmed' | 'unroutable' | 'failed';
/** How one delivery to a consumer queue ended. */
export type ConsumeOutcome = 'acked' | 'retried' | 'dead_lettered';
/** How one inbox-wrapped handler call ended. */
export type InboxOutcome = 'applied' | 'duplicate' | 'failed';

/**
 * Hooks the events library calls at its seams (relay publish, bus delivery, inbox handling), so
 * metrics and tracing (libs/observability) plug in without this library depending on them. The
 * defaults do nothing and cost a function call: a process without observability pays nothing.
 * Process-wide on purpose: the all-in-one process has one registry and one tracer for all services.
 */
export interface EventsInstrumentation {
  /** W3C traceparent to stamp on an envelope recorded now (the active span), if tracing. */
  traceparent(): string | undefined;
  /**
   * Wraps the relay's publish of one row: a tracing hook starts a span joined to
   * `envelope.traceparent` and passes `send` the envelope re-stamped with that span.
   */
  publish(envelope: EventEnvelope, send: (envelope: EventEnvelope) => Promise<void>): Promise<void>;
  published(envelope: EventEnvelope, outcome: PublishOutcome, seconds: number): void;
  /** RabbitMQ returned a type no queue wants (dropped on purpose, see RabbitMqEventBus.publish). */
  returned(type: string): void;
  /** Wraps one delivery's handling on `queue` (tracing: the consumer's span, child of the envelope's). */
  consume(queue: string, envelope: EventEnvelope, run: () => Promise<void>): Promise<void>;
  consumed(queue: string, envelope: EventEnvelope, outcome: ConsumeOutcome, redelivered: boolean): void;
  inboxHandled(service: string, consumer: string, type: string, outcome: InboxOutcome, seconds: number): void;
}

const noop: EventsInstrumentation = {
  traceparent: () => undefined,
  publish: (envelope, send) => send(envelope),
  published: () => undefined,
  returned: () => undefined,
  consume: (_queue, _envelope, run) => run(),
  consumed: () => undefined,
  inboxHandled: () => undefined,
};

let current: EventsInstrumentation = noop;

/** Installs hooks (missing ones stay no-ops); `null` restores the defaults. */
export function setEventsInstrumentation(hooks: Partial<EventsInstrumentation> | null): void {
  current = hooks ? { ...noop, ...hooks } : noop;
}

/** The hooks in force (read at each call, so installing them later still takes effect). */
export function eventsInstrumentation(): EventsInstrumentation {
  return current;
}

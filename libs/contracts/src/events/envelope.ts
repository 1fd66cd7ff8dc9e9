import type { EventMap } from './event-map.js';

export type EventType = keyof EventMap & string;

/** Every domain event on the wire: routing key = type (e.g. 'identity.user.registered'). */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  /** Version of the payload shape (EVENT_CATALOGUE's schemaVersion of the type). */
  version: number;
  /**
   * The aggregate's version after this change, for catalogue types marked `versioned` (e.g. the
   * user's version for identity.user.*): a consumer applies a change only when it is newer than
   * the one it holds. Absent on events written before versions existed: then order by occurredAt.
   */
  aggregateVersion?: number;
  occurredAt: string;
  /** Service that produced the event, e.g. 'identity'. */
  producer: string;
  /** Request id of the call that caused it, carried into consumers' logs. */
  requestId: string | null;
  /**
   * W3C trace context (`traceparent`) of the span that recorded the event, when tracing is on:
   * the consumer's handling joins the producer's trace.
   */
  traceparent?: string;
  data: EventMap[T];
}

/** The single topic exchange every service publishes to. */
export const EVENTS_EXCHANGE = 'dinebuds.events';
/** Where poison messages go after bounded retries. */
export const DEAD_LETTER_EXCHANGE = 'dinebuds.events.dlx';

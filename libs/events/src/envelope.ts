import { randomUUID } from 'node:crypto';
import {
  isCataloguedEvent,
  EVENT_CATALOGUE,
  type EventEnvelope,
  type EventMap,
  type EventType,
} from '@dinebuds/contracts';

/** Payload shape version of an event type not in the catalogue (and of every type today). */
export const ENVELOPE_VERSION = 1;

/**
 * A discriminated union of envelopes for a set of event types: switching on `envelope.type`
 * narrows `envelope.data`.
 */
export type EnvelopeOf<T extends EventType = EventType> = { [K in T]: EventEnvelope<K> }[T];

export interface CreateEnvelopeOptions {
  /** Service that produces the event, e.g. 'identity'. */
  producer: string;
  /** Request id of the call that caused the event (carried into consumers' logs). */
  requestId?: string | null;
  /** Defaults to a fresh uuid v4. */
  id?: string;
  /** Defaults to now. */
  occurredAt?: Date | string;
  /** The aggregate's version after the change (catalogue types marked `versioned`). */
  aggregateVersion?: number;
  /** W3C traceparent of the recording span (tracing on). */
  traceparent?: string;
}

/** Builds the wire envelope of a domain event: `{ id, type, version, occurredAt, producer, requestId, data }`. */
export function createEnvelope<T extends EventType>(
  type: T,
  data: EventMap[T],
  options: CreateEnvelopeOptions,
): EventEnvelope<T> {
  return { ...envelopeHead(type, options), data };
}

/** An envelope without its `data` (an outbox statement adds the data it computes; see Outbox.statementRow). */
export type EnvelopeHead<T extends EventType = EventType> = Omit<EventEnvelope<T>, 'data'>;

/** Everything of createEnvelope's answer but `data`, checked the same way. */
export function envelopeHead<T extends EventType>(type: T, options: CreateEnvelopeOptions): EnvelopeHead<T> {
  if (!options.producer) throw new Error('createEnvelope: producer is required');
  const occurredAt =
    options.occurredAt instanceof Date
      ? options.occurredAt.toISOString()
      : (options.occurredAt ?? new Date().toISOString());
  if (options.aggregateVersion !== undefined && !isAggregateVersion(options.aggregateVersion)) {
    throw new Error('createEnvelope: aggregateVersion must be a positive integer');
  }
  return {
    id: options.id ?? randomUUID(),
    type,
    version: isCataloguedEvent(type) ? EVENT_CATALOGUE[type].schemaVersion : ENVELOPE_VERSION,
    occurredAt,
    producer: options.producer,
    requestId: options.requestId ?? null,
    ...(options.aggregateVersion === undefined ? {} : { aggregateVersion: options.aggregateVersion }),
    ...(options.traceparent && TRACEPARENT_RE.test(options.traceparent)
      ? { traceparent: options.traceparent }
      : {}),
  };
}

function isAggregateVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** W3C trace context, version 00: `00-<32 hex trace id>-<16 hex span id>-<2 hex flags>`. */
const TRACEPARENT_RE = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class InvalidEnvelopeError extends Error {
  override readonly name = 'InvalidEnvelopeError';
}

/**
 * Parses and checks an envelope received from the wire (Buffer, JSON string or already-parsed
 * object). Throws InvalidEnvelopeError when it is not one: such a message can never succeed and
 * goes straight to the dead-letter queue. The payload (`data`) is not validated here: its type is
 * the contract shared at compile time.
 */
export function parseEnvelope(raw: Buffer | string | unknown): EventEnvelope {
  let value: unknown = raw;
  if (Buffer.isBuffer(raw)) value = raw.toString('utf8');
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new InvalidEnvelopeError('Event message is not valid JSON.');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidEnvelopeError('Event message is not a JSON object.');
  }
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || !UUID_RE.test(v.id))
    throw new InvalidEnvelopeError('Event id must be a uuid.');
  if (typeof v.type !== 'string' || v.type.length === 0)
    throw new InvalidEnvelopeError('Event type is missing.');
  if (typeof v.version !== 'number' || !Number.isInteger(v.version)) {
    throw new InvalidEnvelopeError('Event version must be an integer.');
  }
  if (typeof v.occurredAt !== 'string' || Number.isNaN(Date.parse(v.occurredAt))) {
    throw new InvalidEnvelopeError('Event occurredAt must be an ISO date.');
  }
  if (typeof v.producer !== 'string' || v.producer.length === 0) {
    throw new InvalidEnvelopeError('Event producer is missing.');
  }
  if (v.requestId !== undefined && v.requestId !== null && typeof v.requestId !== 'string') {
    throw new InvalidEnvelopeError('Event requestId must be a string or null.');
  }
  // Optional: rows written before aggregate versions existed have none.
  if (v.aggregateVersion !== undefined && !isAggregateVersion(v.aggregateVersion)) {
    throw new InvalidEnvelopeError('Event aggregateVersion must be a positive integer.');
  }
  if (!('data' in v) || v.data === undefined) throw new InvalidEnvelopeError('Event data is missing.');
  // Only a well-formed trace context is kept: a malformed one is dropped, never fatal (tracing is
  // diagnostics, the event itself is fine).
  const traceparent =
    typeof v.traceparent === 'string' && TRACEPARENT_RE.test(v.traceparent) ? v.traceparent : undefined;
  return {
    id: v.id,
    type: v.type as EventType,
    version: v.version,
    occurredAt: v.occurredAt,
    producer: v.producer,
    requestId: (v.requestId as string | null | undefined) ?? null,
    ...(v.aggregateVersion === undefined ? {} : { aggregateVersion: v.aggregateVersion }),
    ...(traceparent ? { traceparent } : {}),
    data: v.data as EventEnvelope['data'],
  };
}

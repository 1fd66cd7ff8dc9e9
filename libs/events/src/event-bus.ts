import type { ConsumerQueueTopology, EventEnvelope, EventType } from '@dinebuds/contracts';
import type { EnvelopeOf } from './envelope.js';
import { eventsSettingsFromEnv } from './events-settings.js';
import { errorInfo, type EventsLogger } from './logger.js';

/** Handles one delivery. Resolve = processed (acked); reject = failed (retried, then dead-lettered). */
export type EventHandler<T extends EventType = EventType> = (envelope: EnvelopeOf<T>) => Promise<void>;

export interface SubscribeOptions<T extends EventType = EventType> {
  /**
   * Durable queue of the consuming service, e.g. 'social-graph.events'. Replicas of one service
   * share it (competing consumers); each service has its own (fan-out). Its poison messages end
   * in `<queue>.dlq`.
   */
  queue: string;
  /** Event types (= routing keys) bound to the queue. */
  types: readonly T[];
  handler: EventHandler<T>;
}

export interface Subscription {
  readonly queue: string;
  /** Stops consuming and waits for handlers in flight. The queue and its bindings stay (durable). */
  cancel(): Promise<void>;
}

export interface ListenOptions<T extends EventType = EventType> {
  /** Event types to receive (exact routing keys). */
  types: readonly T[];
  /** Called once per event received while live. Never retried: a throw is logged and dropped. */
  handler: (envelope: EnvelopeOf<T>) => void | Promise<void>;
}

/**
 * A fan-out listener of this process: every listener gets every event of its types published
 * while it is live; nothing is kept for it while it is not (no durable queue, no retries, no
 * inbox). For in-memory state that must follow changes made elsewhere (the gateway's session
 * cache): such state is trustworthy only while `live` holds and `generation` has not moved.
 */
export interface Listener {
  /**
   * True while events of its types reach the handler: false until its set-up completes, while
   * the broker connection or channel is down, and after cancel().
   */
  readonly live: boolean;
  /**
   * 0 until first live, then incremented each time it becomes live again: the same generation
   * seen twice, live both times, means no event can have been missed in between.
   */
  readonly generation: number;
  /** Stops listening (RabbitMQ: its queue goes away). Idempotent. */
  cancel(): Promise<void>;
}

/**
 * Domain-event transport. Delivery is at least once: handlers must be idempotent (use the Inbox).
 */
export interface EventBus {
  /** Resolves once the transport has accepted the event (RabbitMQ: publisher confirm received). */
  publish(envelope: EventEnvelope): Promise<void>;
  /**
   * Declares the queue, its bindings and its dead-letter queue, then starts consuming. Resolves
   * once consuming. Handlers run with manual acks: ack after the handler resolves; on rejection
   * the message is retried a bounded number of times, then moved to `<queue>.dlq`.
   */
  subscribe<T extends EventType>(options: SubscribeOptions<T>): Promise<Subscription>;
  /** Starts a fan-out Listener for this process; returns at once, without waiting to be live. */
  listen<T extends EventType>(options: ListenOptions<T>): Listener;
  /** For health checks: false while the broker connection is down or after close(). */
  isHealthy(): boolean;
  /**
   * Messages waiting in each consumer queue this bus knows, with its retry and dead-letter queues
   * (metrics: queue depth, dead letters). Optional: a transport may not know.
   */
  queueDepths?(): Promise<QueueDepth[]>;
  /** Stops consuming, waits (bounded) for handlers in flight, closes connections. Idempotent. */
  close(): Promise<void>;
}

export interface QueueDepth {
  queue: string;
  /** Messages ready for delivery (not counting those a consumer holds unacked). */
  messages: number;
}

/** Retry policy shared by both buses. */
export interface RetryOptions {
  /** Redeliveries after the first failed attempt before the message is dead-lettered (default 5). */
  maxRetries?: number;
  /** Delay before a failed message is redelivered, in ms (default 1000). */
  retryDelayMs?: number;
  /**
   * A handler still running after this long counts as a failed attempt (retried, then
   * dead-lettered), so a hung handler cannot hold a message forever. Default 30 s; 0 disables.
   */
  handlerTimeoutMs?: number;
}

/**
 * The consumer queues a bus knows before anyone subscribes (default: EVENT_TOPOLOGY from
 * contracts). Types listed here are "wanted": publishing one is confirmed only once it reached a
 * queue; other types nobody consumes are dropped on purpose, like a topic exchange does.
 */
export type EventTopology = readonly Pick<ConsumerQueueTopology, 'queue' | 'types'>[];

/** Types some queue of the topology wants. */
export function wantedTypes(topology: EventTopology): Set<string> {
  return new Set(topology.flatMap((q) => [...q.types]));
}

export const DEFAULT_MAX_RETRIES = 5;
export const DEFAULT_RETRY_DELAY_MS = 1000;
export const DEFAULT_PREFETCH = 32;
export const DEFAULT_HANDLER_TIMEOUT_MS = 30_000;

/** How a bus delivers to its consumers, whatever carries the messages. */
export interface DeliverySettings {
  prefetch: number;
  maxRetries: number;
  retryDelayMs: number;
  handlerTimeoutMs: number;
}

/** A bus's delivery settings: its options, else the EVENT_* variables, else the defaults. */
export function deliverySettings(options: RetryOptions & { prefetch?: number }): DeliverySettings {
  const env = eventsSettingsFromEnv();
  return {
    prefetch: Math.max(1, options.prefetch ?? DEFAULT_PREFETCH),
    maxRetries: options.maxRetries ?? env.maxRetries ?? DEFAULT_MAX_RETRIES,
    retryDelayMs: Math.max(0, options.retryDelayMs ?? env.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS),
    handlerTimeoutMs: options.handlerTimeoutMs ?? env.handlerTimeoutMs ?? DEFAULT_HANDLER_TIMEOUT_MS,
  };
}

/** Rejected when a handler outlives handlerTimeoutMs (its promise keeps running; its result is ignored). */
export class HandlerTimeoutError extends Error {
  constructor(ms: number) {
    super(`Event handler did not finish within ${ms} ms`);
    this.name = 'HandlerTimeoutError';
  }
}

/** Name of the dead-letter queue of a consuming queue. */
export function deadLetterQueueName(queue: string): string {
  return `${queue}.dlq`;
}

/** Name of the queue where failed messages wait `retryDelayMs` before going back to `queue`. */
export function retryQueueName(queue: string): string {
  return `${queue}.retry`;
}

export function assertQueueName(queue: string): void {
  if (typeof queue !== 'string' || queue.trim() === '' || queue.length > 200) {
    throw new Error(`Invalid queue name '${String(queue)}'.`);
  }
  if (queue.startsWith('amq.')) throw new Error(`Queue name '${queue}' uses the reserved 'amq.' prefix.`);
}

/** A consumer queue and the exact event types bound to it, both checked. */
export function assertBinding(queue: string, types: readonly string[]): void {
  assertQueueName(queue);
  assertEventTypes(types);
}

export function assertEventTypes(types: readonly string[]): void {
  if (!Array.isArray(types) || types.length === 0)
    throw new Error('subscribe: at least one event type is required.');
  for (const t of types) {
    if (typeof t !== 'string' || t === '' || /[*#\s]/.test(t)) {
      throw new Error(`subscribe: invalid event type '${String(t)}' (exact types only, no wildcards).`);
    }
  }
}

/** Runs a handler bounded by `timeoutMs` (0 = unbounded): a hang becomes a HandlerTimeoutError. */
export function runHandlerWithTimeout(run: () => Promise<void>, timeoutMs: number): Promise<void> {
  const running = Promise.resolve().then(run);
  if (!(timeoutMs > 0)) return running;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HandlerTimeoutError(timeoutMs)), timeoutMs);
  });
  // A late rejection of the abandoned handler must not become an unhandled rejection.
  running.catch(() => undefined);
  return Promise.race([running, timeout]).finally(() => clearTimeout(timer));
}

/** Runs a listener's handler for one event; what it throws is logged, never retried. */
export function notifyListener<T extends EventType>(
  options: ListenOptions<T>,
  envelope: EnvelopeOf<T>,
  logger: EventsLogger,
): void {
  const failed = (err: unknown) =>
    logger.warn(
      { eventId: envelope.id, eventType: envelope.type, err: errorInfo(err) },
      'Event listener failed',
    );
  try {
    const result = options.handler(envelope);
    if (result instanceof Promise) result.catch(failed);
  } catch (err) {
    failed(err);
  }
}

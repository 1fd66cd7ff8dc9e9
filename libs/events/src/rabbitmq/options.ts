import { DEAD_LETTER_EXCHANGE, EVENT_TOPOLOGY, EVENTS_EXCHANGE } from '@dinebuds/contracts';
import {
  assertBinding,
  deliverySettings,
  wantedTypes,
  type DeliverySettings,
  type EventTopology,
  type RetryOptions,
} from '../event-bus.js';
import { consoleEventsLogger, type EventsLogger } from '../logger.js';

export interface RabbitMqEventBusOptions extends RetryOptions {
  /** amqp://user:pass@host:5672 (several for round robin). */
  url: string | string[];
  /** Topic exchange for domain events. Default EVENTS_EXCHANGE ('dinebuds.events'). */
  exchange?: string;
  /** Direct exchange routing poison messages to `<queue>.dlq`. Default DEAD_LETTER_EXCHANGE. */
  deadLetterExchange?: string;
  /**
   * Unacked deliveries per consumer channel. Default 32: the consumers' InboxBatcher applies a
   * burst in batches of up to that many.
   */
  prefetch?: number;
  /**
   * How long publish() keeps trying (waiting for a connection, resending after a lost channel)
   * before it rejects. Default 10 s. The outbox relay retries rejected publishes later.
   */
  publishTimeoutMs?: number;
  /** How long start() waits for the first connection. Default 30 s. */
  connectTimeoutMs?: number;
  /** Default 5. */
  heartbeatIntervalInSeconds?: number;
  /** Delay between reconnection attempts. Default 1. */
  reconnectTimeInSeconds?: number;
  /** Shown in the RabbitMQ management UI, e.g. 'identity'. */
  connectionName?: string;
  /** Bound on how long close()/cancel() wait for handlers in flight. Default 10 s. */
  closeTimeoutMs?: number;
  /**
   * Consumer queues declared (with bindings, retry and dead-letter queues, exactly as subscribe()
   * declares them) on every (re)connect, before anything is published. Default EVENT_TOPOLOGY
   * when `exchange` is the default one, none otherwise (tests on their own exchange).
   */
  topology?: EventTopology;
  logger?: EventsLogger;
}

/** The options with their defaults applied: what the bus's parts read, fixed for its lifetime. */
export interface RabbitMqSettings extends DeliverySettings {
  exchange: string;
  deadLetterExchange: string;
  logger: EventsLogger;
  publishTimeoutMs: number;
  connectTimeoutMs: number;
  closeTimeoutMs: number;
  topology: EventTopology;
  /** Every type some queue of `topology` is bound to. */
  topologyTypes: Set<string>;
  urls: string[];
}

/** Applies the defaults and rejects a bad topology or a missing url before any connection is made. */
export function resolveSettings(options: RabbitMqEventBusOptions): RabbitMqSettings {
  const exchange = options.exchange ?? EVENTS_EXCHANGE;
  const deadLetterExchange = options.deadLetterExchange ?? DEAD_LETTER_EXCHANGE;
  const logger = options.logger ?? consoleEventsLogger;
  const { prefetch, maxRetries, retryDelayMs, handlerTimeoutMs } = deliverySettings(options);
  const publishTimeoutMs = options.publishTimeoutMs ?? 10_000;
  const connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
  const closeTimeoutMs = options.closeTimeoutMs ?? 10_000;
  // The production catalogue only on the production exchange, so tests never create its queues.
  const topology = options.topology ?? (exchange === EVENTS_EXCHANGE ? EVENT_TOPOLOGY : []);
  for (const { queue, types } of topology) {
    assertBinding(queue, types);
  }
  const topologyTypes = wantedTypes(topology);

  const urls = Array.isArray(options.url) ? options.url : [options.url];
  if (urls.length === 0 || urls.some((u) => !u)) throw new Error('RabbitMqEventBus: url is required');
  return {
    exchange,
    deadLetterExchange,
    logger,
    prefetch,
    maxRetries,
    retryDelayMs,
    handlerTimeoutMs,
    publishTimeoutMs,
    connectTimeoutMs,
    closeTimeoutMs,
    topology,
    topologyTypes,
    urls,
  };
}

import type { AmqpConnectionManager } from 'amqp-connection-manager';
import type { EventEnvelope, EventType } from '@dinebuds/contracts';
import {
  assertBinding,
  assertEventTypes,
  type EventBus,
  type ListenOptions,
  type Listener,
  type QueueDepth,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.js';
import { errorInfo } from './logger.js';
import { remainingMs, withTimeout } from './util.js';
import { ChannelWatcher } from './rabbitmq/channels.js';
import { createConnectionManager, destroySocket } from './rabbitmq/connection.js';
import { Consumers } from './rabbitmq/consumers.js';
import { Listeners } from './rabbitmq/listeners.js';
import { resolveSettings, type RabbitMqEventBusOptions, type RabbitMqSettings } from './rabbitmq/options.js';
import { EventPublisher } from './rabbitmq/publisher.js';
import { readQueueDepths } from './rabbitmq/queue-depths.js';

// The public API of the RabbitMQ bus, wherever its parts live.
export { ERROR_HEADER, RETRY_COUNT_HEADER } from './rabbitmq/messages.js';
export type { RabbitMqEventBusOptions } from './rabbitmq/options.js';
export { UnroutableEventError } from './rabbitmq/publisher.js';

/**
 * EventBus over RabbitMQ (amqp-connection-manager over amqplib).
 *
 * - One topic exchange; routing key = event type. Each subscription declares a durable queue bound
 *   to its types, a `<queue>.retry` queue (failed messages wait `retryDelayMs` there, then return to
 *   the queue with `x-retry-count` + 1) and `<queue>.dlq` on the dead-letter exchange.
 * - publish(): persistent message on a confirm channel; resolves when the broker confirmed it.
 *   While the connection is down it waits (up to publishTimeoutMs) and resends after a reconnect.
 * - Consumers: manual ack after the handler resolves; prefetch bounded. After a broker restart or
 *   a lost connection the manager reconnects, re-declares the topology and resumes consuming;
 *   deliveries that were not acked are redelivered by the broker (use the Inbox).
 *
 * This class holds the lifecycle (start, close, health) and composes the parts in ./rabbitmq/:
 * the publisher, the consumers (with delivery: retries, dead-letters, acks) and the listeners,
 * which share one connection, one ChannelWatcher and this bus's closed flag.
 */
export class RabbitMqEventBus implements EventBus {
  readonly exchange: string;
  readonly deadLetterExchange: string;
  private readonly settings: RabbitMqSettings;
  private readonly manager: AmqpConnectionManager;
  private readonly channels: ChannelWatcher;
  private readonly publisher: EventPublisher;
  private readonly consumers: Consumers;
  private readonly listeners: Listeners;
  private startPromise: Promise<void> | undefined;
  private closePromise: Promise<void> | undefined;
  private closed = false;

  /** Creates the bus and waits until it is connected and the exchanges are declared. */
  static async connect(options: RabbitMqEventBusOptions): Promise<RabbitMqEventBus> {
    const bus = new RabbitMqEventBus(options);
    await bus.start();
    return bus;
  }

  constructor(options: RabbitMqEventBusOptions) {
    const settings = resolveSettings(options);
    this.settings = settings;
    this.exchange = settings.exchange;
    this.deadLetterExchange = settings.deadLetterExchange;
    const isClosed = () => this.closed;
    this.manager = createConnectionManager(settings.urls, options, settings.logger, isClosed);
    this.channels = new ChannelWatcher(this.manager, settings.logger, isClosed);
    const context = { settings, manager: this.manager, channels: this.channels, isClosed };
    this.consumers = new Consumers(context);
    this.listeners = new Listeners(context);
    this.publisher = new EventPublisher(context, (type) => this.isWanted(type));
  }

  /**
   * Connects (waiting up to connectTimeoutMs) and declares the exchanges. Idempotent. Subscribe
   * before starting the outbox relay, so the queues exist before the first publish.
   */
  start(): Promise<void> {
    this.startPromise ??= (async () => {
      try {
        await this.manager.connect({ timeout: this.settings.connectTimeoutMs });
        await this.publisher.ready();
      } catch (err) {
        await this.close().catch(() => undefined);
        throw new Error(`Could not connect to RabbitMQ: ${errorInfo(err).message}`, { cause: err });
      }
    })();
    return this.startPromise;
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    this.assertOpen();
    await this.publisher.publish(envelope);
  }

  async subscribe<T extends EventType>(options: SubscribeOptions<T>): Promise<Subscription> {
    this.assertOpen();
    assertBinding(options.queue, options.types);
    this.consumers.assertNotSubscribed(options.queue);
    await this.start();
    return this.consumers.subscribe(options);
  }

  /**
   * A server-named, exclusive, auto-delete queue of its own bound to the types, consumed without
   * acks: it lives and dies with this connection, so events published while it is down are
   * missed, and `live` / `generation` say so. Set up again (generation + 1) on every reconnect.
   */
  listen<T extends EventType>(options: ListenOptions<T>): Listener {
    this.assertOpen();
    assertEventTypes(options.types);
    return this.listeners.listen(options);
  }

  /**
   * Ready messages of the topology's and this bus's consumer queues, their retry and dead-letter
   * queues, read with a passive declare on the publisher channel. Only queues this bus declared
   * are asked about (a passive declare of a missing queue would close the channel).
   */
  async queueDepths(): Promise<QueueDepth[]> {
    const channel = this.publisher.channel;
    if (!channel || this.closed || this.channels.hasClosed(channel)) return [];
    const queues = new Set([...this.settings.topology.map((q) => q.queue), ...this.consumers.queueNames()]);
    return readQueueDepths(channel, queues);
  }

  /** Connected, with a live publisher channel and a live channel for every subscription. */
  isHealthy(): boolean {
    if (this.closed || this.startPromise === undefined || !this.manager.isConnected()) return false;
    return this.channels.isLive(this.publisher.channel) && this.consumers.allLive();
  }

  /**
   * Cancels the consumers (waiting for handlers in flight), rejects publishes not yet confirmed,
   * closes the channels and the connection. Bounded by closeTimeoutMs: on a connection that died
   * silently (not yet detected by the heartbeat) the socket is destroyed instead.
   */
  close(): Promise<void> {
    this.closePromise ??= (async () => {
      this.closed = true;
      const deadline = Date.now() + this.settings.closeTimeoutMs;
      await this.listeners.cancelAll();
      await this.consumers.cancelAll(deadline);
      await withTimeout(this.publisher.close(), remainingMs(deadline), 'close timed out').catch(
        () => undefined,
      );
      try {
        await withTimeout(this.manager.close(), remainingMs(deadline), 'close timed out');
      } catch {
        this.settings.logger.warn({}, 'RabbitMQ connection did not close in time; destroying the socket');
        destroySocket(this.manager);
      }
    })();
    return this.closePromise;
  }

  /**
   * The underlying connection manager (diagnostics, tests: e.g. `connection` to simulate a broker
   * failure). Do not close it directly; use close().
   */
  get connectionManager(): AmqpConnectionManager {
    return this.manager;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('RabbitMqEventBus is closed');
  }

  /**
   * Types a consumer wants: the topology's and this bus's own subscriptions'. The publisher
   * treats a returned event of such a type as not published.
   */
  private isWanted(type: string): boolean {
    if (this.settings.topologyTypes.has(type)) return true;
    return this.consumers.wants(type);
  }
}

import {
  AmqpConnectionManagerClass,
  type AmqpConnectionManager,
  type ChannelWrapper,
} from 'amqp-connection-manager';
import type { Duplex } from 'node:stream';
import type { ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import {
  DEAD_LETTER_EXCHANGE,
  EVENT_TOPOLOGY,
  EVENTS_EXCHANGE,
  type EventEnvelope,
  type EventType,
} from '@dinebuds/contracts';
import { parseEnvelope, type EnvelopeOf } from './envelope.js';
import {
  assertBinding,
  assertEventTypes,
  deadLetterQueueName,
  deliverySettings,
  notifyListener,
  retryQueueName,
  runHandlerWithTimeout,
  wantedTypes,
  type EventBus,
  type EventTopology,
  type QueueDepth,
  type EventHandler,
  type ListenOptions,
  type Listener,
  type RetryOptions,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.js';
import { eventsInstrumentation } from './instrumentation.js';
import { consoleEventsLogger, errorInfo, type EventsLogger } from './logger.js';
import { pollUntil, sleep, withTimeout } from './util.js';

/** Header counting how many times a message was sent back for another attempt. */
export const RETRY_COUNT_HEADER = 'x-retry-count';
/** Header set on dead-lettered messages: the last handler error. */
export const ERROR_HEADER = 'x-error';

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

/** publish() rejects with this when the broker returned a wanted event that reached no queue. */
export class UnroutableEventError extends Error {
  constructor(envelope: EventEnvelope) {
    super(`Event ${envelope.id} (${envelope.type}) reached no queue (returned by RabbitMQ); not published`);
    this.name = 'UnroutableEventError';
  }
}

interface ActiveSubscription {
  queue: string;
  types: Set<string>;
  handler: EventHandler<EventType>;
  wrapper: ChannelWrapper;
  channel: ConfirmChannel | undefined;
  consumerTag: string | undefined;
  cancelled: boolean;
  inFlight: number;
}

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
 */
export class RabbitMqEventBus implements EventBus {
  readonly exchange: string;
  readonly deadLetterExchange: string;
  private readonly manager: AmqpConnectionManager;
  private readonly publisher: ChannelWrapper;
  private readonly logger: EventsLogger;
  private readonly prefetch: number;
  private readonly maxRetries: number;
  private readonly retryDelayMs: number;
  private readonly publishTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly closeTimeoutMs: number;
  private readonly handlerTimeoutMs: number;
  private readonly topology: EventTopology;
  private readonly topologyTypes: Set<string>;
  /** Message ids published and not yet confirmed → whether the broker returned them. */
  private readonly returns = new Map<string, boolean>();
  private readonly subscriptions = new Map<string, ActiveSubscription>();
  private readonly listeners = new Set<Listener>();
  private readonly closedChannels = new WeakSet<ConfirmChannel>();
  private publisherChannel: ConfirmChannel | undefined;
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
    this.exchange = options.exchange ?? EVENTS_EXCHANGE;
    this.deadLetterExchange = options.deadLetterExchange ?? DEAD_LETTER_EXCHANGE;
    this.logger = options.logger ?? consoleEventsLogger;
    ({
      prefetch: this.prefetch,
      maxRetries: this.maxRetries,
      retryDelayMs: this.retryDelayMs,
      handlerTimeoutMs: this.handlerTimeoutMs,
    } = deliverySettings(options));
    this.publishTimeoutMs = options.publishTimeoutMs ?? 10_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
    this.closeTimeoutMs = options.closeTimeoutMs ?? 10_000;
    this.topology = options.topology ?? (this.exchange === EVENTS_EXCHANGE ? EVENT_TOPOLOGY : []);
    for (const { queue, types } of this.topology) {
      assertBinding(queue, types);
    }
    this.topologyTypes = wantedTypes(this.topology);

    const urls = Array.isArray(options.url) ? options.url : [options.url];
    if (urls.length === 0 || urls.some((u) => !u)) throw new Error('RabbitMqEventBus: url is required');
    this.manager = new AmqpConnectionManagerClass(urls, {
      heartbeatIntervalInSeconds: options.heartbeatIntervalInSeconds ?? 5,
      reconnectTimeInSeconds: options.reconnectTimeInSeconds ?? 1,
      connectionOptions: {
        // Without TCP_NODELAY a small write (a publish, an ack) waits for the broker's delayed ACK
        // of the one before: where one connection carries both a service's publishes and its
        // consumer's acks (the all-in-one mode), an event took 40 ms from commit to consumer.
        noDelay: true,
        ...(options.connectionName ? { clientProperties: { connection_name: options.connectionName } } : {}),
      },
    });
    this.manager.on('connect', ({ url }) => {
      this.logger.info({ broker: redactUrl(url) }, 'Connected to RabbitMQ');
    });
    this.manager.on('disconnect', ({ err }) => {
      if (!this.closed) this.logger.warn({ err: errorInfo(err) }, 'RabbitMQ connection lost; reconnecting');
    });
    this.manager.on('connectFailed', ({ err, url }) => {
      if (!this.closed) {
        this.logger.warn(
          { err: errorInfo(err), broker: redactUrl(url) },
          'RabbitMQ connection attempt failed',
        );
      }
    });
    this.manager.on('blocked', ({ reason }) =>
      this.logger.warn({ reason }, 'RabbitMQ blocked the connection'),
    );
    this.manager.on('unblocked', () => this.logger.info({}, 'RabbitMQ unblocked the connection'));

    // The setup runs on every (re)connect before any queued message is sent, so nothing is ever
    // published to an exchange, or for a consumer queue, that does not exist yet.
    this.publisher = this.manager.createChannel({
      name: 'publisher',
      confirm: true,
      json: false,
      setup: async (channel: ConfirmChannel) => {
        this.watchChannel(channel, 'publisher', () => this.publisherChannel === channel);
        // basic.return comes before the confirm of the same message on this channel.
        channel.on('return', (msg: ConsumeMessage) => {
          const id = msg.properties.messageId as string | undefined;
          if (id !== undefined && this.returns.has(id)) this.returns.set(id, true);
        });
        await this.declareExchanges(channel);
        for (const { queue, types } of this.topology) await this.declareQueue(channel, queue, types);
        this.publisherChannel = channel;
      },
    });
    this.publisher.on('error', (err: Error) => {
      if (!this.closed) this.logger.error({ err: errorInfo(err) }, 'RabbitMQ publisher channel error');
    });
  }

  /**
   * Connects (waiting up to connectTimeoutMs) and declares the exchanges. Idempotent. Subscribe
   * before starting the outbox relay, so the queues exist before the first publish.
   */
  start(): Promise<void> {
    this.startPromise ??= (async () => {
      try {
        await this.manager.connect({ timeout: this.connectTimeoutMs });
        await this.publisher.waitForConnect();
        // Asserted again through the wrapper so that a topology error fails start() loudly.
        await this.publisher.assertExchange(this.exchange, 'topic', { durable: true });
        await this.publisher.assertExchange(this.deadLetterExchange, 'direct', { durable: true });
      } catch (err) {
        await this.close().catch(() => undefined);
        throw new Error(`Could not connect to RabbitMQ: ${errorInfo(err).message}`, { cause: err });
      }
    })();
    return this.startPromise;
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    this.assertOpen();
    const content = Buffer.from(JSON.stringify(envelope));
    const occurredAt = Date.parse(envelope.occurredAt);
    const options: Options.Publish = {
      persistent: true,
      // Returned (basic.return) when no queue is bound: see the check after the confirm.
      mandatory: true,
      contentType: 'application/json',
      contentEncoding: 'utf-8',
      messageId: envelope.id,
      type: envelope.type,
      appId: envelope.producer,
      timestamp: Number.isNaN(occurredAt) ? undefined : Math.floor(occurredAt / 1000),
      headers: envelope.requestId ? { 'x-request-id': envelope.requestId } : {},
    };
    const deadline = Date.now() + this.publishTimeoutMs;
    for (let attempt = 1; ; attempt++) {
      const remaining = deadline - Date.now();
      try {
        // Queued by the wrapper while disconnected; resolves on the broker's confirm.
        this.returns.set(envelope.id, false);
        let returned: boolean;
        try {
          await this.publisher.publish(this.exchange, envelope.type, content, {
            ...options,
            timeout: Math.max(1, remaining),
          });
        } finally {
          returned = this.returns.get(envelope.id) === true;
          this.returns.delete(envelope.id);
        }
        if (!returned) return;
        // A type nobody wants is dropped on purpose; a wanted one must wait in a queue.
        eventsInstrumentation().returned(envelope.type);
        if (!this.isWanted(envelope.type)) {
          this.logger.debug?.({ eventId: envelope.id, eventType: envelope.type }, 'Event has no consumer');
          return;
        }
        throw new UnroutableEventError(envelope);
      } catch (err) {
        if (err instanceof UnroutableEventError) {
          this.logger.warn({ eventId: envelope.id, eventType: envelope.type }, err.message);
          throw err;
        }
        if (this.closed || Date.now() >= deadline - 1) {
          throw new Error(
            `Event ${envelope.id} (${envelope.type}) was not confirmed by RabbitMQ: ${errorInfo(err).message}`,
            { cause: err },
          );
        }
        // Typically 'channel closed' while the connection drops: wait and send again.
        this.logger.debug?.(
          { eventId: envelope.id, attempt, err: errorInfo(err) },
          'Publish failed; retrying',
        );
        await sleep(Math.min(50 * 2 ** Math.min(attempt, 5), Math.max(0, deadline - Date.now())));
      }
    }
  }

  async subscribe<T extends EventType>(options: SubscribeOptions<T>): Promise<Subscription> {
    this.assertOpen();
    assertBinding(options.queue, options.types);
    if (this.subscriptions.has(options.queue)) {
      throw new Error(`Queue '${options.queue}' already has a subscription on this bus.`);
    }
    await this.start();
    const wrapper = this.manager.createChannel({
      name: `consumer:${options.queue}`,
      confirm: true,
      json: false,
    });
    const sub: ActiveSubscription = {
      queue: options.queue,
      types: new Set(options.types),
      handler: options.handler as unknown as EventHandler<EventType>,
      wrapper,
      channel: undefined,
      consumerTag: undefined,
      cancelled: false,
      inFlight: 0,
    };
    this.subscriptions.set(options.queue, sub);
    wrapper.on('error', (err: Error) => {
      if (!this.closed && !sub.cancelled) {
        this.logger.error({ queue: sub.queue, err: errorInfo(err) }, 'RabbitMQ consumer channel error');
      }
    });
    try {
      await wrapper.waitForConnect();
      // Runs now (rejecting on a topology error) and again after every reconnect.
      await wrapper.addSetup((channel: ConfirmChannel) => this.setupConsumer(sub, channel));
    } catch (err) {
      sub.cancelled = true;
      this.subscriptions.delete(options.queue);
      await wrapper.close().catch(() => undefined);
      throw err;
    }
    this.logger.info({ queue: sub.queue, types: [...sub.types] }, 'Consuming events');
    return { queue: sub.queue, cancel: () => this.cancel(sub) };
  }

  /**
   * A server-named, exclusive, auto-delete queue of its own bound to the types, consumed without
   * acks: it lives and dies with this connection, so events published while it is down are
   * missed, and `live` / `generation` say so. Set up again (generation + 1) on every reconnect.
   */
  listen<T extends EventType>(options: ListenOptions<T>): Listener {
    this.assertOpen();
    assertEventTypes(options.types);
    const state = {
      live: false,
      generation: 0,
      cancelled: false,
      channel: undefined as ConfirmChannel | undefined,
    };
    const wrapper = this.manager.createChannel({
      name: `listener:${options.types.join(',')}`,
      confirm: true,
      json: false,
      setup: async (channel: ConfirmChannel) => {
        if (state.cancelled) return;
        state.channel = channel;
        this.watchChannel(channel, 'listener', () => state.channel === channel && !state.cancelled);
        channel.once('close', () => {
          if (state.channel === channel) state.live = false;
        });
        await channel.assertExchange(this.exchange, 'topic', { durable: true });
        const { queue } = await channel.assertQueue('', {
          exclusive: true,
          autoDelete: true,
          durable: false,
        });
        for (const type of options.types) await channel.bindQueue(queue, this.exchange, type);
        await channel.consume(queue, (msg) => this.onListened(options, msg), { noAck: true });
        if (state.channel !== channel || state.cancelled) return;
        state.generation++;
        state.live = true;
      },
    });
    wrapper.on('error', (err: Error) => {
      if (!this.closed) this.logger.warn({ err: errorInfo(err) }, 'RabbitMQ listener channel error');
    });
    const listener: Listener = {
      get live() {
        return state.live;
      },
      get generation() {
        return state.generation;
      },
      cancel: async () => {
        if (state.cancelled) return;
        state.cancelled = true;
        state.live = false;
        this.listeners.delete(listener);
        // Closing the channel cancels the consumer: the auto-delete queue goes with it.
        await withTimeout(wrapper.close(), this.closeTimeoutMs, 'close timed out').catch(() => undefined);
      },
    };
    this.listeners.add(listener);
    return listener;
  }

  private onListened<T extends EventType>(options: ListenOptions<T>, msg: ConsumeMessage | null): void {
    if (!msg) return; // consumer cancelled by the broker: the channel's close follows
    let envelope: EnvelopeOf<T>;
    try {
      envelope = parseEnvelope(msg.content) as EnvelopeOf<T>;
    } catch (err) {
      this.logger.warn({ err: errorInfo(err) }, 'Listener dropped a message that is not an event');
      return;
    }
    notifyListener(options, envelope, this.logger);
  }

  /**
   * Ready messages of the topology's and this bus's consumer queues, their retry and dead-letter
   * queues, read with a passive declare on the publisher channel. Only queues this bus declared
   * are asked about (a passive declare of a missing queue would close the channel).
   */
  async queueDepths(): Promise<QueueDepth[]> {
    const channel = this.publisherChannel;
    if (!channel || this.closed || this.closedChannels.has(channel)) return [];
    const queues = new Set([...this.topology.map((q) => q.queue), ...this.subscriptions.keys()]);
    const depths: QueueDepth[] = [];
    for (const queue of queues) {
      for (const name of [queue, retryQueueName(queue), deadLetterQueueName(queue)]) {
        const ok = await channel.checkQueue(name).catch(() => undefined);
        if (ok) depths.push({ queue: name, messages: ok.messageCount });
      }
    }
    return depths;
  }

  /** Connected, with a live publisher channel and a live channel for every subscription. */
  isHealthy(): boolean {
    if (this.closed || this.startPromise === undefined || !this.manager.isConnected()) return false;
    const live = (channel: ConfirmChannel | undefined) =>
      channel !== undefined && !this.closedChannels.has(channel);
    return live(this.publisherChannel) && [...this.subscriptions.values()].every((sub) => live(sub.channel));
  }

  /**
   * Cancels the consumers (waiting for handlers in flight), rejects publishes not yet confirmed,
   * closes the channels and the connection. Bounded by closeTimeoutMs: on a connection that died
   * silently (not yet detected by the heartbeat) the socket is destroyed instead.
   */
  close(): Promise<void> {
    this.closePromise ??= (async () => {
      this.closed = true;
      const deadline = Date.now() + this.closeTimeoutMs;
      await Promise.all([...this.listeners].map((listener) => listener.cancel()));
      await Promise.all([...this.subscriptions.values()].map((sub) => this.cancel(sub, deadline)));
      await withTimeout(this.publisher.close(), remaining(deadline), 'close timed out').catch(
        () => undefined,
      );
      try {
        await withTimeout(this.manager.close(), remaining(deadline), 'close timed out');
      } catch {
        this.logger.warn({}, 'RabbitMQ connection did not close in time; destroying the socket');
        // amqplib has no public "abort": signal a socket error, which makes it tear the connection
        // down (and stop its heartbeat timers), then drop the socket.
        const stream = (this.manager.connection?.connection as unknown as { stream?: Duplex }).stream;
        if (stream) {
          if (stream.listenerCount('error') > 0)
            stream.emit('error', new Error('RabbitMQ connection close timed out'));
          stream.destroy();
        }
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

  private async declareExchanges(channel: ConfirmChannel): Promise<void> {
    await channel.assertExchange(this.exchange, 'topic', { durable: true });
    await channel.assertExchange(this.deadLetterExchange, 'direct', { durable: true });
  }

  /** Types a consumer wants: the topology's and this bus's own subscriptions'. */
  private isWanted(type: string): boolean {
    if (this.topologyTypes.has(type)) return true;
    return [...this.subscriptions.values()].some((sub) => sub.types.has(type));
  }

  /**
   * A consuming queue with its dead-letter and retry queues and its bindings. Publisher (topology)
   * and subscriber declare it with the same arguments, else RabbitMQ fails with PRECONDITION_FAILED.
   */
  private async declareQueue(channel: ConfirmChannel, queue: string, types: Iterable<string>): Promise<void> {
    await channel.assertQueue(deadLetterQueueName(queue), { durable: true });
    await channel.bindQueue(deadLetterQueueName(queue), this.deadLetterExchange, queue);
    // Failed messages wait here (per-message TTL), then dead-letter back to the queue itself.
    await channel.assertQueue(retryQueueName(queue), {
      durable: true,
      arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue },
    });
    await channel.assertQueue(queue, {
      durable: true,
      arguments: { 'x-dead-letter-exchange': this.deadLetterExchange, 'x-dead-letter-routing-key': queue },
    });
    for (const type of types) await channel.bindQueue(queue, this.exchange, type);
  }

  private async setupConsumer(sub: ActiveSubscription, channel: ConfirmChannel): Promise<void> {
    if (sub.cancelled) return;
    this.watchChannel(channel, `consumer:${sub.queue}`, () => sub.channel === channel && !sub.cancelled);
    const { queue } = sub;
    await this.declareExchanges(channel);
    await this.declareQueue(channel, queue, sub.types);
    await channel.prefetch(this.prefetch, false);
    sub.channel = channel;
    if (sub.cancelled) return;
    const { consumerTag } = await channel.consume(queue, (msg) => this.onDelivery(sub, channel, msg), {
      noAck: false,
    });
    sub.consumerTag = consumerTag;
  }

  /**
   * amqp-connection-manager recreates channels only when the connection is re-established. A
   * channel closed by the broker on a live connection (a channel-level error) would otherwise stay
   * dead, so force a reconnect in that case.
   */
  private watchChannel(channel: ConfirmChannel, name: string, isCurrent: () => boolean): void {
    channel.on('error', (err: Error) => {
      if (!this.closed) this.logger.warn({ channel: name, err: errorInfo(err) }, 'RabbitMQ channel error');
    });
    channel.once('close', () => {
      this.closedChannels.add(channel);
      // Deferred: when the whole connection drops, amqplib closes the channels first and emits the
      // connection's 'close' right after, in the same tick.
      setImmediate(() => {
        if (this.closed || !isCurrent()) return;
        const current = this.manager.connection?.connection;
        if (!current || current !== channel.connection) return; // connection-level: the manager reconnects
        this.logger.warn({ channel: name }, 'RabbitMQ channel closed unexpectedly; reconnecting');
        try {
          this.manager.reconnect();
        } catch {
          // closed meanwhile
        }
      });
    });
  }

  private onDelivery(sub: ActiveSubscription, channel: ConfirmChannel, msg: ConsumeMessage | null): void {
    if (msg === null) {
      // The broker cancelled the consumer (e.g. the queue was deleted): re-declare by reconnecting.
      if (!this.closed && !sub.cancelled) {
        this.logger.warn({ queue: sub.queue }, 'RabbitMQ cancelled the consumer; reconnecting');
        try {
          this.manager.reconnect();
        } catch {
          // closed meanwhile
        }
      }
      return;
    }
    sub.inFlight++;
    void this.process(sub, channel, msg).finally(() => {
      sub.inFlight--;
    });
  }

  private async process(
    sub: ActiveSubscription,
    channel: ConfirmChannel,
    msg: ConsumeMessage,
  ): Promise<void> {
    const retries = readRetryCount(msg);
    let envelope: EventEnvelope;
    try {
      envelope = parseEnvelope(msg.content);
    } catch (err) {
      this.logger.error(
        { queue: sub.queue, messageId: msg.properties.messageId, err: errorInfo(err) },
        'Unreadable event message; dead-lettered',
      );
      await this.deadLetter(sub, channel, msg, retries, err);
      return;
    }
    const log = {
      queue: sub.queue,
      eventId: envelope.id,
      eventType: envelope.type,
      requestId: envelope.requestId,
      retries,
      redelivered: msg.fields.redelivered,
    };
    if (!sub.types.has(envelope.type)) {
      // A binding left from an older version of the consumer: nothing handles it any more.
      this.logger.debug?.(log, 'Event type not subscribed; acked without handling');
      this.ack(channel, msg);
      return;
    }
    try {
      await runHandlerWithTimeout(
        () => sub.handler(envelope as EnvelopeOf<EventType>),
        this.handlerTimeoutMs,
      );
    } catch (err) {
      const outcome = retries < this.maxRetries ? 'retried' : 'dead_lettered';
      eventsInstrumentation().consumed(sub.queue, envelope, outcome, msg.fields.redelivered || retries > 0);
      if (retries < this.maxRetries) {
        this.logger.warn({ ...log, err: errorInfo(err) }, 'Event handler failed; will retry');
        await this.retryLater(sub, channel, msg, retries + 1);
      } else {
        this.logger.error(
          { ...log, err: errorInfo(err) },
          'Event handler failed on every attempt; dead-lettered',
        );
        await this.deadLetter(sub, channel, msg, retries, err);
      }
      return;
    }
    eventsInstrumentation().consumed(sub.queue, envelope, 'acked', msg.fields.redelivered || retries > 0);
    this.ack(channel, msg);
  }

  private async retryLater(
    sub: ActiveSubscription,
    channel: ConfirmChannel,
    msg: ConsumeMessage,
    retries: number,
  ) {
    try {
      await confirmPublish(channel, '', retryQueueName(sub.queue), msg.content, {
        ...copyProperties(msg),
        headers: { ...msg.properties.headers, [RETRY_COUNT_HEADER]: retries },
        expiration: String(this.retryDelayMs),
      });
      this.ack(channel, msg);
    } catch (err) {
      // Not acked: the broker redelivers it (on this channel if it is still open, else after reconnecting).
      this.logger.warn({ queue: sub.queue, err: errorInfo(err) }, 'Could not schedule a retry; requeueing');
      this.nack(channel, msg, true);
    }
  }

  private async deadLetter(
    sub: ActiveSubscription,
    channel: ConfirmChannel,
    msg: ConsumeMessage,
    retries: number,
    cause: unknown,
  ): Promise<void> {
    try {
      await confirmPublish(channel, this.deadLetterExchange, sub.queue, msg.content, {
        ...copyProperties(msg),
        headers: {
          ...msg.properties.headers,
          [RETRY_COUNT_HEADER]: retries,
          [ERROR_HEADER]: errorInfo(cause).message.slice(0, 1000),
          'x-original-queue': sub.queue,
          'x-dead-lettered-at': new Date().toISOString(),
        },
      });
      this.ack(channel, msg);
    } catch {
      // The queue's own dead-letter arguments route a rejected message to the same DLQ.
      this.nack(channel, msg, false);
    }
  }

  private ack(channel: ConfirmChannel, msg: ConsumeMessage): void {
    // A delivery can only be acked on the channel it came from; after a reconnect the broker
    // has already requeued it.
    if (this.closedChannels.has(channel)) return;
    try {
      channel.ack(msg);
    } catch {
      // channel closing
    }
  }

  private nack(channel: ConfirmChannel, msg: ConsumeMessage, requeue: boolean): void {
    if (this.closedChannels.has(channel)) return;
    try {
      channel.nack(msg, false, requeue);
    } catch {
      // channel closing
    }
  }

  private async cancel(sub: ActiveSubscription, deadline = Date.now() + this.closeTimeoutMs): Promise<void> {
    if (sub.cancelled && !this.subscriptions.has(sub.queue)) return;
    sub.cancelled = true;
    const channel = sub.channel;
    if (channel && sub.consumerTag && !this.closedChannels.has(channel)) {
      // Stop deliveries; unacked ones go back to the queue when the channel closes.
      await withTimeout(channel.cancel(sub.consumerTag), remaining(deadline), 'cancel timed out').catch(
        () => undefined,
      );
    }
    const settled = await pollUntil(() => sub.inFlight === 0, remaining(deadline));
    if (!settled) this.logger.warn({ queue: sub.queue }, 'Event handlers still running after close timeout');
    await withTimeout(sub.wrapper.close(), remaining(deadline), 'close timed out').catch(() => undefined);
    this.subscriptions.delete(sub.queue);
  }
}

function remaining(deadline: number): number {
  return Math.max(1, deadline - Date.now());
}

function readRetryCount(msg: ConsumeMessage): number {
  const raw: unknown = msg.properties.headers?.[RETRY_COUNT_HEADER];
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : 0;
  return Number.isInteger(n) && n > 0 ? n : 0;
}

function copyProperties(msg: ConsumeMessage): Options.Publish {
  const p = msg.properties;
  return {
    persistent: true,
    contentType: p.contentType ?? 'application/json',
    contentEncoding: p.contentEncoding,
    messageId: p.messageId,
    type: p.type,
    appId: p.appId,
    timestamp: p.timestamp,
    correlationId: p.correlationId,
  };
}

function confirmPublish(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  options: Options.Publish,
): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      channel.publish(exchange, routingKey, content, options, (err: unknown) =>
        err ? reject(err) : resolve(),
      );
    } catch (err) {
      reject(err);
    }
  });
}

function redactUrl(url: unknown): string {
  if (typeof url !== 'string') return 'amqp';
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'amqp';
  }
}

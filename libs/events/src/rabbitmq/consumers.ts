import type { ChannelWrapper } from 'amqp-connection-manager';
import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import type { EventType } from '@dinebuds/contracts';
import type { EventHandler, SubscribeOptions, Subscription } from '../event-bus.js';
import { errorInfo } from '../logger.js';
import { pollUntil, remainingMs, withTimeout } from '../util.js';
import { forceReconnect } from './connection.js';
import type { BusContext } from './context.js';
import { DeliveryProcessor, type SubscribedQueue } from './delivery.js';
import { declareConsumerQueue, declareExchanges } from './topology.js';

interface ActiveSubscription extends SubscribedQueue {
  readonly types: Set<string>;
  readonly wrapper: ChannelWrapper;
  /** The channel consuming now; deliveries are acked on the one they came from. */
  channel: ConfirmChannel | undefined;
  consumerTag: string | undefined;
  cancelled: boolean;
  /** Deliveries being processed, so cancel() can wait for them before closing the channel. */
  inFlight: number;
}

/**
 * The bus's durable-queue subscriptions, one consumer channel each: declared and consumed again
 * after every reconnect, each delivery handed to the DeliveryProcessor, cancelled with a deadline.
 */
export class Consumers {
  private readonly subscriptions = new Map<string, ActiveSubscription>();
  private readonly delivery: DeliveryProcessor;

  constructor(private readonly context: BusContext) {
    this.delivery = new DeliveryProcessor(context.settings, context.channels);
  }

  /** Checked before the bus connects, so a duplicate fails without touching the broker. */
  assertNotSubscribed(queue: string): void {
    if (this.subscriptions.has(queue)) {
      throw new Error(`Queue '${queue}' already has a subscription on this bus.`);
    }
  }

  /** Declares the queue and starts consuming; the bus is started. */
  async subscribe<T extends EventType>(options: SubscribeOptions<T>): Promise<Subscription> {
    const { logger } = this.context.settings;
    const wrapper = this.context.manager.createChannel({
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
      if (!this.context.isClosed() && !sub.cancelled) {
        logger.error({ queue: sub.queue, err: errorInfo(err) }, 'RabbitMQ consumer channel error');
      }
    });
    try {
      await wrapper.waitForConnect();
      // Runs now (rejecting on a topology error) and again after every reconnect.
      await wrapper.addSetup((channel: ConfirmChannel) => this.setup(sub, channel));
    } catch (err) {
      sub.cancelled = true;
      this.subscriptions.delete(options.queue);
      await wrapper.close().catch(() => undefined);
      throw err;
    }
    logger.info({ queue: sub.queue, types: [...sub.types] }, 'Consuming events');
    return { queue: sub.queue, cancel: () => this.cancel(sub) };
  }

  /** Whether one of these subscriptions handles the type. */
  wants(type: string): boolean {
    return [...this.subscriptions.values()].some((sub) => sub.types.has(type));
  }

  queueNames(): IterableIterator<string> {
    return this.subscriptions.keys();
  }

  /** Every subscription has a live consumer channel. */
  allLive(): boolean {
    return [...this.subscriptions.values()].every((sub) => this.context.channels.isLive(sub.channel));
  }

  async cancelAll(deadline: number): Promise<void> {
    await Promise.all([...this.subscriptions.values()].map((sub) => this.cancel(sub, deadline)));
  }

  private async setup(sub: ActiveSubscription, channel: ConfirmChannel): Promise<void> {
    if (sub.cancelled) return;
    const { settings, channels } = this.context;
    channels.watch(channel, `consumer:${sub.queue}`, () => sub.channel === channel && !sub.cancelled);
    const { queue } = sub;
    await declareExchanges(channel, settings);
    await declareConsumerQueue(channel, settings, queue, sub.types);
    await channel.prefetch(settings.prefetch, false);
    sub.channel = channel;
    if (sub.cancelled) return;
    const { consumerTag } = await channel.consume(queue, (msg) => this.onDelivery(sub, channel, msg), {
      noAck: false,
    });
    sub.consumerTag = consumerTag;
  }

  private onDelivery(sub: ActiveSubscription, channel: ConfirmChannel, msg: ConsumeMessage | null): void {
    if (msg === null) {
      // The broker cancelled the consumer (e.g. the queue was deleted): re-declare by reconnecting.
      if (!this.context.isClosed() && !sub.cancelled) {
        this.context.settings.logger.warn(
          { queue: sub.queue },
          'RabbitMQ cancelled the consumer; reconnecting',
        );
        forceReconnect(this.context.manager);
      }
      return;
    }
    sub.inFlight++;
    void this.delivery.process(sub, channel, msg).finally(() => {
      sub.inFlight--;
    });
  }

  private async cancel(
    sub: ActiveSubscription,
    deadline = Date.now() + this.context.settings.closeTimeoutMs,
  ): Promise<void> {
    if (sub.cancelled && !this.subscriptions.has(sub.queue)) return;
    sub.cancelled = true;
    const { channels, settings } = this.context;
    const channel = sub.channel;
    if (channel && sub.consumerTag && !channels.hasClosed(channel)) {
      // Stop deliveries; unacked ones go back to the queue when the channel closes.
      await withTimeout(channel.cancel(sub.consumerTag), remainingMs(deadline), 'cancel timed out').catch(
        () => undefined,
      );
    }
    const settled = await pollUntil(() => sub.inFlight === 0, remainingMs(deadline));
    if (!settled)
      settings.logger.warn({ queue: sub.queue }, 'Event handlers still running after close timeout');
    await withTimeout(sub.wrapper.close(), remainingMs(deadline), 'close timed out').catch(() => undefined);
    this.subscriptions.delete(sub.queue);
  }
}

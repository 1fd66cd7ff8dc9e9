import type { ChannelWrapper } from 'amqp-connection-manager';
import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import type { EventEnvelope } from '@dinebuds/contracts';
import { eventsInstrumentation } from '../instrumentation.js';
import { errorInfo } from '../logger.js';
import { sleep } from '../util.js';
import type { BusContext } from './context.js';
import { eventPublishOptions } from './messages.js';
import { declareConsumerQueue, declareExchanges } from './topology.js';

/** publish() rejects with this when the broker returned a wanted event that reached no queue. */
export class UnroutableEventError extends Error {
  constructor(envelope: EventEnvelope) {
    super(`Event ${envelope.id} (${envelope.type}) reached no queue (returned by RabbitMQ); not published`);
    this.name = 'UnroutableEventError';
  }
}

/**
 * The publishing side of the bus: one confirm channel that declares the exchanges and the
 * topology's consumer queues on every (re)connect, and publish() with confirms, returns and resends.
 */
export class EventPublisher {
  private readonly wrapper: ChannelWrapper;
  /** Message ids published and not yet confirmed → whether the broker returned them. */
  private readonly returns = new Map<string, boolean>();
  private current: ConfirmChannel | undefined;

  /** `isWanted(type)`: whether some consumer queue wants the type (a returned one is then an error). */
  constructor(
    private readonly context: BusContext,
    private readonly isWanted: (type: string) => boolean,
  ) {
    const { settings, channels } = context;
    // The setup runs on every (re)connect before any queued message is sent, so nothing is ever
    // published to an exchange, or for a consumer queue, that does not exist yet.
    this.wrapper = context.manager.createChannel({
      name: 'publisher',
      confirm: true,
      json: false,
      setup: async (channel: ConfirmChannel) => {
        channels.watch(channel, 'publisher', () => this.current === channel);
        // basic.return comes before the confirm of the same message on this channel.
        channel.on('return', (msg: ConsumeMessage) => {
          const id = msg.properties.messageId as string | undefined;
          if (id !== undefined && this.returns.has(id)) this.returns.set(id, true);
        });
        await declareExchanges(channel, settings);
        for (const { queue, types } of settings.topology) {
          await declareConsumerQueue(channel, settings, queue, types);
        }
        this.current = channel;
      },
    });
    this.wrapper.on('error', (err: Error) => {
      if (!context.isClosed())
        settings.logger.error({ err: errorInfo(err) }, 'RabbitMQ publisher channel error');
    });
  }

  /** The channel of the last completed setup (the topology is declared on it); undefined before. */
  get channel(): ConfirmChannel | undefined {
    return this.current;
  }

  /** Waits for the first setup, once the manager is connecting. */
  async ready(): Promise<void> {
    await this.wrapper.waitForConnect();
    // Asserted again through the wrapper so that a topology error fails start() loudly.
    await declareExchanges(this.wrapper, this.context.settings);
  }

  /**
   * Resolves once the broker confirmed the event. While the connection is down it waits (up to
   * publishTimeoutMs) and resends after a reconnect.
   */
  async publish(envelope: EventEnvelope): Promise<void> {
    const { settings } = this.context;
    const { logger } = settings;
    const content = Buffer.from(JSON.stringify(envelope));
    const options = eventPublishOptions(envelope);
    const deadline = Date.now() + settings.publishTimeoutMs;
    for (let attempt = 1; ; attempt++) {
      const remaining = deadline - Date.now();
      try {
        // Queued by the wrapper while disconnected; resolves on the broker's confirm.
        this.returns.set(envelope.id, false);
        let returned: boolean;
        try {
          await this.wrapper.publish(settings.exchange, envelope.type, content, {
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
          logger.debug?.({ eventId: envelope.id, eventType: envelope.type }, 'Event has no consumer');
          return;
        }
        throw new UnroutableEventError(envelope);
      } catch (err) {
        if (err instanceof UnroutableEventError) {
          logger.warn({ eventId: envelope.id, eventType: envelope.type }, err.message);
          throw err;
        }
        if (this.context.isClosed() || Date.now() >= deadline - 1) {
          throw new Error(
            `Event ${envelope.id} (${envelope.type}) was not confirmed by RabbitMQ: ${errorInfo(err).message}`,
            { cause: err },
          );
        }
        // Typically 'channel closed' while the connection drops: wait and send again.
        logger.debug?.({ eventId: envelope.id, attempt, err: errorInfo(err) }, 'Publish failed; retrying');
        await sleep(Math.min(50 * 2 ** Math.min(attempt, 5), Math.max(0, deadline - Date.now())));
      }
    }
  }

  /** Rejects the publishes not yet confirmed and closes the channel. */
  close(): Promise<void> {
    return this.wrapper.close();
  }
}

import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import type { EventEnvelope, EventType } from '@dinebuds/contracts';
import { parseEnvelope, type EnvelopeOf } from '../envelope.js';
import { retryQueueName, runHandlerWithTimeout, type EventHandler } from '../event-bus.js';
import { eventsInstrumentation } from '../instrumentation.js';
import { errorInfo } from '../logger.js';
import type { ChannelWatcher } from './channels.js';
import { confirmPublish, deadLetterCopyOptions, readRetryCount, retryCopyOptions } from './messages.js';
import type { RabbitMqSettings } from './options.js';

/** What delivery needs of a subscription: its queue, the types it handles and the handler. */
export interface SubscribedQueue {
  readonly queue: string;
  readonly types: ReadonlySet<string>;
  readonly handler: EventHandler<EventType>;
}

/**
 * One delivery, from the message to its ack: parse it, run the handler (bounded by
 * handlerTimeoutMs), and on failure send a copy to the retry queue or, after maxRetries, to the
 * dead-letter queue. The original is acked only once its copy is confirmed, so a failure in
 * between redelivers it rather than losing it.
 */
export class DeliveryProcessor {
  constructor(
    private readonly settings: RabbitMqSettings,
    private readonly channels: ChannelWatcher,
  ) {}

  async process(sub: SubscribedQueue, channel: ConfirmChannel, msg: ConsumeMessage): Promise<void> {
    const { logger, maxRetries } = this.settings;
    const retries = readRetryCount(msg);
    let envelope: EventEnvelope;
    try {
      envelope = parseEnvelope(msg.content);
    } catch (err) {
      logger.error(
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
      logger.debug?.(log, 'Event type not subscribed; acked without handling');
      this.ack(channel, msg);
      return;
    }
    try {
      await runHandlerWithTimeout(
        () => sub.handler(envelope as EnvelopeOf<EventType>),
        this.settings.handlerTimeoutMs,
      );
    } catch (err) {
      const outcome = retries < maxRetries ? 'retried' : 'dead_lettered';
      eventsInstrumentation().consumed(sub.queue, envelope, outcome, msg.fields.redelivered || retries > 0);
      if (retries < maxRetries) {
        logger.warn({ ...log, err: errorInfo(err) }, 'Event handler failed; will retry');
        await this.retryLater(sub, channel, msg, retries + 1);
      } else {
        logger.error({ ...log, err: errorInfo(err) }, 'Event handler failed on every attempt; dead-lettered');
        await this.deadLetter(sub, channel, msg, retries, err);
      }
      return;
    }
    eventsInstrumentation().consumed(sub.queue, envelope, 'acked', msg.fields.redelivered || retries > 0);
    this.ack(channel, msg);
  }

  private async retryLater(
    sub: SubscribedQueue,
    channel: ConfirmChannel,
    msg: ConsumeMessage,
    retries: number,
  ): Promise<void> {
    try {
      await confirmPublish(
        channel,
        '',
        retryQueueName(sub.queue),
        msg.content,
        retryCopyOptions(msg, retries, this.settings.retryDelayMs),
      );
      this.ack(channel, msg);
    } catch (err) {
      // Not acked: the broker redelivers it (on this channel if it is still open, else after reconnecting).
      this.settings.logger.warn(
        { queue: sub.queue, err: errorInfo(err) },
        'Could not schedule a retry; requeueing',
      );
      this.nack(channel, msg, true);
    }
  }

  private async deadLetter(
    sub: SubscribedQueue,
    channel: ConfirmChannel,
    msg: ConsumeMessage,
    retries: number,
    cause: unknown,
  ): Promise<void> {
    try {
      await confirmPublish(
        channel,
        this.settings.deadLetterExchange,
        sub.queue,
        msg.content,
        deadLetterCopyOptions(msg, sub.queue, retries, cause),
      );
      this.ack(channel, msg);
    } catch {
      // The queue's own dead-letter arguments route a rejected message to the same DLQ.
      this.nack(channel, msg, false);
    }
  }

  private ack(channel: ConfirmChannel, msg: ConsumeMessage): void {
    // A delivery can only be acked on the channel it came from; after a reconnect the broker
    // has already requeued it.
    if (this.channels.hasClosed(channel)) return;
    try {
      channel.ack(msg);
    } catch {
      // channel closing
    }
  }

  private nack(channel: ConfirmChannel, msg: ConsumeMessage, requeue: boolean): void {
    if (this.channels.hasClosed(channel)) return;
    try {
      channel.nack(msg, false, requeue);
    } catch {
      // channel closing
    }
  }
}

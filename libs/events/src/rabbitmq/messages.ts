import type { EventEnvelope } from '@dinebuds/contracts';
import type { ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import { errorInfo } from '../logger.js';

/** Header counting how many times a message was sent back for another attempt. */
export const RETRY_COUNT_HEADER = 'x-retry-count';
/** Header set on dead-lettered messages: the last handler error. */
export const ERROR_HEADER = 'x-error';

/** How an event is published: the envelope's metadata as AMQP properties. */
export function eventPublishOptions(envelope: EventEnvelope): Options.Publish {
  const occurredAt = Date.parse(envelope.occurredAt);
  return {
    persistent: true,
    // Returned (basic.return) when no queue is bound: publish() checks it after the confirm.
    mandatory: true,
    contentType: 'application/json',
    contentEncoding: 'utf-8',
    messageId: envelope.id,
    type: envelope.type,
    appId: envelope.producer,
    timestamp: Number.isNaN(occurredAt) ? undefined : Math.floor(occurredAt / 1000),
    headers: envelope.requestId ? { 'x-request-id': envelope.requestId } : {},
  };
}

/** Attempts already failed: the retry count header, 0 when absent or malformed. */
export function readRetryCount(msg: ConsumeMessage): number {
  const raw: unknown = msg.properties.headers?.[RETRY_COUNT_HEADER];
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : 0;
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** The copy sent to the retry queue: it comes back to the queue after `delayMs` (per-message TTL). */
export function retryCopyOptions(msg: ConsumeMessage, retries: number, delayMs: number): Options.Publish {
  return {
    ...copyProperties(msg),
    headers: { ...msg.properties.headers, [RETRY_COUNT_HEADER]: retries },
    expiration: String(delayMs),
  };
}

/** The copy sent to the dead-letter queue: why, from where and when, for whoever inspects it. */
export function deadLetterCopyOptions(
  msg: ConsumeMessage,
  queue: string,
  retries: number,
  cause: unknown,
): Options.Publish {
  return {
    ...copyProperties(msg),
    headers: {
      ...msg.properties.headers,
      [RETRY_COUNT_HEADER]: retries,
      [ERROR_HEADER]: errorInfo(cause).message.slice(0, 1000),
      'x-original-queue': queue,
      'x-dead-lettered-at': new Date().toISOString(),
    },
  };
}

/** The properties a re-published copy keeps from the delivered message (always persistent). */
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

/**
 * Publishes on a confirm channel directly (not through its wrapper, which would queue it for after
 * a reconnect) and resolves on the broker's confirm: a copy must be confirmed before the delivery
 * it replaces is acked on that same channel.
 */
export function confirmPublish(
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

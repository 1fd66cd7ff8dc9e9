import type { ConfirmChannel } from 'amqplib';
import { deadLetterQueueName, retryQueueName, type QueueDepth } from '../event-bus.js';

/**
 * Ready messages of each consumer queue, its retry and its dead-letter queue, read with a passive
 * declare. Pass only queues this bus declared: a passive declare of a missing queue closes the
 * channel (the catch only skips that queue).
 */
export async function readQueueDepths(
  channel: ConfirmChannel,
  queues: Iterable<string>,
): Promise<QueueDepth[]> {
  const depths: QueueDepth[] = [];
  for (const queue of queues) {
    for (const name of [queue, retryQueueName(queue), deadLetterQueueName(queue)]) {
      const ok = await channel.checkQueue(name).catch(() => undefined);
      if (ok) depths.push({ queue: name, messages: ok.messageCount });
    }
  }
  return depths;
}

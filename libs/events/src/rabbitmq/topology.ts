import type { ConfirmChannel } from 'amqplib';
import { deadLetterQueueName, retryQueueName } from '../event-bus.js';

/** The two exchanges every declaration refers to. */
export interface EventExchanges {
  /** Topic exchange; routing key = event type. */
  readonly exchange: string;
  /** Direct exchange; routing key = the consuming queue whose `<queue>.dlq` gets the message. */
  readonly deadLetterExchange: string;
}

/** A channel, or its amqp-connection-manager wrapper: both can assert an exchange. */
type ExchangeDeclarer = Pick<ConfirmChannel, 'assertExchange'>;

export async function declareExchanges(
  channel: ExchangeDeclarer,
  { exchange, deadLetterExchange }: EventExchanges,
): Promise<void> {
  await channel.assertExchange(exchange, 'topic', { durable: true });
  await channel.assertExchange(deadLetterExchange, 'direct', { durable: true });
}

/**
 * A consuming queue with its dead-letter and retry queues and its bindings. Publisher (topology)
 * and subscriber declare it with the same arguments, else RabbitMQ fails with PRECONDITION_FAILED.
 */
export async function declareConsumerQueue(
  channel: ConfirmChannel,
  { exchange, deadLetterExchange }: EventExchanges,
  queue: string,
  types: Iterable<string>,
): Promise<void> {
  await channel.assertQueue(deadLetterQueueName(queue), { durable: true });
  await channel.bindQueue(deadLetterQueueName(queue), deadLetterExchange, queue);
  // Failed messages wait here (per-message TTL), then dead-letter back to the queue itself.
  await channel.assertQueue(retryQueueName(queue), {
    durable: true,
    arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue },
  });
  await channel.assertQueue(queue, {
    durable: true,
    arguments: { 'x-dead-letter-exchange': deadLetterExchange, 'x-dead-letter-routing-key': queue },
  });
  for (const type of types) await channel.bindQueue(queue, exchange, type);
}

/**
 * A listener's queue: server-named, exclusive and auto-delete, so it lives and dies with this
 * connection and the broker keeps nothing for a listener that is gone. Returns its name.
 */
export async function declareListenerQueue(
  channel: ConfirmChannel,
  exchange: string,
  types: readonly string[],
): Promise<string> {
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', {
    exclusive: true,
    autoDelete: true,
    durable: false,
  });
  for (const type of types) await channel.bindQueue(queue, exchange, type);
  return queue;
}

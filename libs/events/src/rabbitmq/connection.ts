import { AmqpConnectionManagerClass, type AmqpConnectionManager } from 'amqp-connection-manager';
import type { Duplex } from 'node:stream';
import { errorInfo, type EventsLogger } from '../logger.js';
import type { RabbitMqEventBusOptions } from './options.js';

type ConnectionOptions = Pick<
  RabbitMqEventBusOptions,
  'heartbeatIntervalInSeconds' | 'reconnectTimeInSeconds' | 'connectionName'
>;

/**
 * The connection manager, not yet connected (start() connects it), with its lifecycle logged.
 * Losses are not logged once the bus is closing: they are the close itself.
 */
export function createConnectionManager(
  urls: string[],
  options: ConnectionOptions,
  logger: EventsLogger,
  isClosed: () => boolean,
): AmqpConnectionManager {
  const manager = new AmqpConnectionManagerClass(urls, {
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
  manager.on('connect', ({ url }) => {
    logger.info({ broker: redactUrl(url) }, 'Connected to RabbitMQ');
  });
  manager.on('disconnect', ({ err }) => {
    if (!isClosed()) logger.warn({ err: errorInfo(err) }, 'RabbitMQ connection lost; reconnecting');
  });
  manager.on('connectFailed', ({ err, url }) => {
    if (!isClosed()) {
      logger.warn({ err: errorInfo(err), broker: redactUrl(url) }, 'RabbitMQ connection attempt failed');
    }
  });
  manager.on('blocked', ({ reason }) => logger.warn({ reason }, 'RabbitMQ blocked the connection'));
  manager.on('unblocked', () => logger.info({}, 'RabbitMQ unblocked the connection'));
  return manager;
}

/**
 * Drops the connection so the manager opens a new one and runs every channel's setup again
 * (re-declaring queues, consuming again): the only way to revive a channel the broker closed.
 */
export function forceReconnect(manager: AmqpConnectionManager): void {
  try {
    manager.reconnect();
  } catch {
    // closed meanwhile
  }
}

/**
 * For a close that timed out, e.g. on a connection that died silently (not yet detected by the
 * heartbeat). amqplib has no public "abort": signal a socket error, which makes it tear the
 * connection down (and stop its heartbeat timers), then drop the socket.
 */
export function destroySocket(manager: AmqpConnectionManager): void {
  const stream = (manager.connection?.connection as unknown as { stream?: Duplex }).stream;
  if (stream) {
    if (stream.listenerCount('error') > 0)
      stream.emit('error', new Error('RabbitMQ connection close timed out'));
    stream.destroy();
  }
}

/** The broker's url for a log line, without its password. */
export function redactUrl(url: unknown): string {
  if (typeof url !== 'string') return 'amqp';
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'amqp';
  }
}

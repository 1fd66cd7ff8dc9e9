import type { AmqpConnectionManager } from 'amqp-connection-manager';
import type { ConfirmChannel } from 'amqplib';
import { errorInfo, type EventsLogger } from '../logger.js';
import { forceReconnect } from './connection.js';

/**
 * Which channels amqplib has closed (a delivery can be acked only on its own channel, and a dead
 * channel makes the bus unhealthy), and the reconnect that revives a channel the broker closed.
 */
export class ChannelWatcher {
  private readonly closedChannels = new WeakSet<ConfirmChannel>();

  constructor(
    private readonly manager: AmqpConnectionManager,
    private readonly logger: EventsLogger,
    private readonly isBusClosed: () => boolean,
  ) {}

  /**
   * amqp-connection-manager recreates channels only when the connection is re-established. A
   * channel closed by the broker on a live connection (a channel-level error) would otherwise stay
   * dead, so force a reconnect in that case. `isCurrent` says whether `channel` is still the one
   * its owner uses (an old channel closing after a reconnect must not trigger another).
   */
  watch(channel: ConfirmChannel, name: string, isCurrent: () => boolean): void {
    channel.on('error', (err: Error) => {
      if (!this.isBusClosed())
        this.logger.warn({ channel: name, err: errorInfo(err) }, 'RabbitMQ channel error');
    });
    channel.once('close', () => {
      this.closedChannels.add(channel);
      // Deferred: when the whole connection drops, amqplib closes the channels first and emits the
      // connection's 'close' right after, in the same tick.
      setImmediate(() => {
        if (this.isBusClosed() || !isCurrent()) return;
        const current = this.manager.connection?.connection;
        if (!current || current !== channel.connection) return; // connection-level: the manager reconnects
        this.logger.warn({ channel: name }, 'RabbitMQ channel closed unexpectedly; reconnecting');
        forceReconnect(this.manager);
      });
    });
  }

  /** Whether a watched channel has closed. */
  hasClosed(channel: ConfirmChannel): boolean {
    return this.closedChannels.has(channel);
  }

  /** Set up and not closed since. */
  isLive(channel: ConfirmChannel | undefined): boolean {
    return channel !== undefined && !this.closedChannels.has(channel);
  }
}

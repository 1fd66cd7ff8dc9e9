import type { AmqpConnectionManager } from 'amqp-connection-manager';
import type { ChannelWatcher } from './channels.js';
import type { RabbitMqSettings } from './options.js';

/**
 * What the bus hands its parts (publisher, consumers, listeners): one connection, one record of
 * closed channels, and the bus's own closed flag, read live so a part stops logging and retrying
 * as soon as close() begins.
 */
export interface BusContext {
  readonly settings: RabbitMqSettings;
  readonly manager: AmqpConnectionManager;
  readonly channels: ChannelWatcher;
  isClosed(): boolean;
}

import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import type { EventType } from '@dinebuds/contracts';
import { parseEnvelope, type EnvelopeOf } from '../envelope.js';
import { notifyListener, type ListenOptions, type Listener } from '../event-bus.js';
import { errorInfo } from '../logger.js';
import { withTimeout } from '../util.js';
import type { BusContext } from './context.js';
import { declareListenerQueue } from './topology.js';

/**
 * The bus's fan-out listeners. Each has a queue of its own consumed without acks: it lives and
 * dies with this connection, so events published while it is down are missed, and `live` /
 * `generation` say so. Set up again (generation + 1) on every reconnect.
 */
export class Listeners {
  private readonly active = new Set<Listener>();

  constructor(private readonly context: BusContext) {}

  /** The types are validated and the bus is open. */
  listen<T extends EventType>(options: ListenOptions<T>): Listener {
    const { settings, channels } = this.context;
    const state = {
      live: false,
      generation: 0,
      cancelled: false,
      channel: undefined as ConfirmChannel | undefined,
    };
    const wrapper = this.context.manager.createChannel({
      name: `listener:${options.types.join(',')}`,
      confirm: true,
      json: false,
      setup: async (channel: ConfirmChannel) => {
        if (state.cancelled) return;
        state.channel = channel;
        channels.watch(channel, 'listener', () => state.channel === channel && !state.cancelled);
        channel.once('close', () => {
          if (state.channel === channel) state.live = false;
        });
        const queue = await declareListenerQueue(channel, settings.exchange, options.types);
        await channel.consume(queue, (msg) => this.onListened(options, msg), { noAck: true });
        if (state.channel !== channel || state.cancelled) return;
        state.generation++;
        state.live = true;
      },
    });
    wrapper.on('error', (err: Error) => {
      if (!this.context.isClosed())
        settings.logger.warn({ err: errorInfo(err) }, 'RabbitMQ listener channel error');
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
        this.active.delete(listener);
        // Closing the channel cancels the consumer: the auto-delete queue goes with it.
        await withTimeout(wrapper.close(), settings.closeTimeoutMs, 'close timed out').catch(() => undefined);
      },
    };
    this.active.add(listener);
    return listener;
  }

  async cancelAll(): Promise<void> {
    await Promise.all([...this.active].map((listener) => listener.cancel()));
  }

  private onListened<T extends EventType>(options: ListenOptions<T>, msg: ConsumeMessage | null): void {
    if (!msg) return; // consumer cancelled by the broker: the channel's close follows
    let envelope: EnvelopeOf<T>;
    try {
      envelope = parseEnvelope(msg.content) as EnvelopeOf<T>;
    } catch (err) {
      this.context.settings.logger.warn(
        { err: errorInfo(err) },
        'Listener dropped a message that is not an event',
      );
      return;
    }
    notifyListener(options, envelope, this.context.settings.logger);
  }
}

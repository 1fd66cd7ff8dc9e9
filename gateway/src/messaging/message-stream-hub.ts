import { Logger, type OnModuleDestroy, type Provider } from '@nestjs/common';
import type { EnvelopeOf, EventBus, Listener } from '@dinebuds/events';
import type { StreamMessageEvent, StreamReadEvent } from '@dinebuds/contracts';
import type { ResolvedGatewayOptions } from '../gateway-options.js';

/** One SSE frame: `event`, an optional `id` (message ids: what Last-Event-ID resumes from) and JSON data. */
export interface StreamFrame {
  event: 'message' | 'read' | 'resync';
  id?: number;
  data: unknown;
}

/** One open stream of a signed-in user (a browser tab). */
export interface StreamClient {
  send(frame: StreamFrame): void;
  /** Ends the stream (the client reconnects, and its session is checked again). */
  end(): void;
}

const STREAM_TYPES = [
  'messaging.message.sent',
  'messaging.conversation.read',
  'identity.user.access-changed',
] as const;
type StreamEventType = (typeof STREAM_TYPES)[number];

/** The payload of messaging.message.sent as the stream sends it. */
export function toStreamMessage(data: EnvelopeOf<'messaging.message.sent'>['data']): StreamMessageEvent {
  return {
    id: data.messageId,
    senderId: data.senderId,
    receiverId: data.receiverId,
    content: data.content,
    messageType: data.messageType as StreamMessageEvent['messageType'],
    restaurantId: data.restaurantId,
    restaurantName: data.restaurantName,
    pollId: data.pollId,
    createdAt: data.createdAt,
  };
}

/**
 * The open message streams of this gateway process, fed by a fan-out Listener on the event bus:
 * every gateway replica hears every messaging.message.sent and messaging.conversation.read (its
 * own exclusive queue on RabbitMQ) and writes each to the streams of the two people it concerns,
 * so a message reaches its receiver whichever replica holds their stream. When the listener was
 * down (its generation moved), events may have been missed: every stream is told to `resync`.
 * A stream is authenticated once, when it opens: identity.user.access-changed (sign-out, a
 * revoked session, a password or role change) ends every stream of that user, and the browser's
 * reconnect meets the session guard again.
 */
export class MessageStreamHub implements OnModuleDestroy {
  private readonly logger = new Logger(MessageStreamHub.name);
  private readonly clients = new Map<number, Set<StreamClient>>();
  private readonly listener: Listener | null;
  private generation = 0;

  constructor(
    events: EventBus | null,
    /** Open streams one person may hold at once (add answers null past it). */
    private readonly perUser = Number.POSITIVE_INFINITY,
  ) {
    this.listener = events
      ? events.listen<StreamEventType>({
          types: STREAM_TYPES,
          handler: (envelope) => this.dispatch(envelope),
        })
      : null;
  }

  /** False without an event bus: nothing could be pushed, the client polls. */
  get available(): boolean {
    return this.listener !== null;
  }

  /** Open streams, for tests and metrics. */
  get size(): number {
    let count = 0;
    for (const set of this.clients.values()) count += set.size;
    return count;
  }

  /** Registers a stream of `userId`; the function returned removes it. Null when they hold `perUser` already. */
  add(userId: number, client: StreamClient): (() => void) | null {
    let set = this.clients.get(userId);
    if (set && set.size >= this.perUser) return null;
    if (!set) this.clients.set(userId, (set = new Set()));
    set.add(client);
    this.checkGeneration();
    return () => {
      set.delete(client);
      if (set.size === 0 && this.clients.get(userId) === set) this.clients.delete(userId);
    };
  }

  /**
   * Tells every stream to refetch when the listener came back after a break (events published
   * meanwhile never reached this process). Called on each event and by the streams' heartbeats.
   */
  checkGeneration(): void {
    if (!this.listener) return;
    const { generation } = this.listener;
    // 0 -> 1 is the listener's first time live (the gateway starting), not a break.
    if (this.generation > 0 && generation !== this.generation) {
      this.logger.warn({ generation }, 'Message stream listener reconnected: streams resync');
      for (const set of this.clients.values())
        for (const client of set) client.send({ event: 'resync', data: {} });
    }
    this.generation = generation;
  }

  private dispatch(envelope: EnvelopeOf<StreamEventType>): void {
    this.checkGeneration();
    if (envelope.type === 'identity.user.access-changed') {
      const { userId } = (envelope as EnvelopeOf<'identity.user.access-changed'>).data;
      for (const client of [...(this.clients.get(userId) ?? [])]) client.end();
    } else if (envelope.type === 'messaging.message.sent') {
      const data = (envelope as EnvelopeOf<'messaging.message.sent'>).data;
      const frame: StreamFrame = { event: 'message', id: data.messageId, data: toStreamMessage(data) };
      this.sendTo([data.receiverId, data.senderId], frame);
    } else {
      const data = (envelope as EnvelopeOf<'messaging.conversation.read'>).data;
      const read: StreamReadEvent = { ...data };
      this.sendTo([data.otherUserId, data.readerId], { event: 'read', data: read });
    }
  }

  private sendTo(userIds: number[], frame: StreamFrame): void {
    for (const userId of new Set(userIds))
      for (const client of this.clients.get(userId) ?? []) client.send(frame);
  }

  /**
   * Shutdown: every stream ends first (an open stream is never idle, so the HTTP server would
   * otherwise wait for it), then the listener stops. Clients reconnect to another replica.
   */
  async onModuleDestroy(): Promise<void> {
    for (const set of [...this.clients.values()]) for (const client of [...set]) client.end();
    this.clients.clear();
    await this.listener?.cancel();
  }
}

/** The hub on the gateway's event bus (none: streams answer 503 and clients poll). */
export function messageStreamHubProvider(options: ResolvedGatewayOptions): Provider {
  return {
    provide: MessageStreamHub,
    useFactory: () => new MessageStreamHub(options.events, options.messageStreamsPerUser),
  };
}

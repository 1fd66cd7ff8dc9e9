import {
  Controller,
  Get,
  Headers,
  HttpException,
  HttpStatus,
  Req,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { releaseLongLived } from '@dinebuds/service-client';
import { ApiCookieAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { LIMITS, type Caller, type MessageDto, type StreamMessageEvent } from '@dinebuds/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentCaller, RequireAuth } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { MessageStreamHub, type StreamClient, type StreamFrame } from './message-stream-hub.js';

/** A comment line every so often keeps proxies from closing a quiet stream. */
export const STREAM_HEARTBEAT_MS = 25_000;
/** A client this far behind (bytes not yet taken by the socket) is dropped; it reconnects and resumes. */
const MAX_BACKLOG_BYTES = 1024 * 1024;
export const STREAM_UNAVAILABLE = 'Live updates are unavailable: refresh to see new messages';
export const TOO_MANY_STREAMS =
  'Too many live connections are open for your account: close another tab and try again';

function frameText(frame: StreamFrame): string {
  return `event: ${frame.event}\n${frame.id !== undefined ? `id: ${frame.id}\n` : ''}data: ${JSON.stringify(frame.data)}\n\n`;
}

function fromDto(message: MessageDto): StreamMessageEvent {
  const { id, senderId, receiverId, content, messageType, restaurantId, restaurantName, pollId, createdAt } =
    message;
  return { id, senderId, receiverId, content, messageType, restaurantId, restaurantName, pollId, createdAt };
}

/**
 * GET /api/messages/stream: server-sent events of my messages (docs/api-messaging.md). New
 * messages to or from me (`event: message`, `id` = the message id), read receipts (`event:
 * read`) and `event: resync` when the gateway may have missed something (refetch then). A client
 * that reconnects with Last-Event-ID first gets the messages it missed (up to
 * LIMITS.streamCatchUpMax; more than that: a resync), then the live ones, none twice.
 */
@ApiTags('messages')
@ApiCookieAuth()
@Controller('messages')
@RequireAuth()
export class MessageStreamController {
  constructor(
    private readonly hub: MessageStreamHub,
    private readonly clients: ServiceClients,
  ) {}

  @Get('stream')
  @ApiOperation({
    summary: 'Server-sent events: new messages to or from you, read receipts, resync notices',
    description:
      'text/event-stream. `event: message` (id: the message id; data: StreamMessageEvent), `event: read` (data: StreamReadEvent), `event: resync` (data: {}; refetch the inbox and open conversation). Reconnect with Last-Event-ID to get what was missed. 503 when this gateway has no event bus (poll instead).',
  })
  @ApiProduces('text/event-stream')
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: 'The id of the last message event received',
  })
  @ApiOkResponse({
    description: 'An endless event stream',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiErrors(401, 429)
  async stream(
    @CurrentCaller() caller: Caller,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!this.hub.available) throw new ServiceUnavailableException(STREAM_UNAVAILABLE);
    const resumeAfter =
      lastEventId && /^\d{1,10}$/.test(lastEventId.trim()) ? Number(lastEventId.trim()) : null;
    const raw = reply.raw;
    let buffered: StreamFrame[] | null = [];
    let lastMessageId = resumeAfter ?? 0;
    let closed = false;
    const write = (frame: StreamFrame) => {
      if (closed) return;
      if (frame.event === 'message' && frame.id !== undefined) {
        if (frame.id <= lastMessageId) return; // already sent by the catch-up
        lastMessageId = frame.id;
      }
      raw.write(frameText(frame));
      if (raw.writableLength > MAX_BACKLOG_BYTES) raw.destroy();
    };
    const client: StreamClient = {
      send: (frame) => (buffered ? buffered.push(frame) : write(frame)),
      end: () => raw.end(),
    };
    // Listen first and hold what arrives, so nothing falls between the catch-up and the live feed.
    const remove = this.hub.add(caller.userId, client);
    if (!remove) throw new HttpException(TOO_MANY_STREAMS, HttpStatus.TOO_MANY_REQUESTS);
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write('retry: 3000\n: connected\n\n');
    // An open stream holds no admission turn or in-flight place (32 open streams took every turn
    // and froze the gateway); messageStreamsPerUser bounds them instead.
    releaseLongLived(raw);
    const heartbeat = setInterval(() => {
      this.hub.checkGeneration();
      if (!closed) raw.write(': ping\n\n');
    }, STREAM_HEARTBEAT_MS);
    heartbeat.unref();
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      remove();
    };
    request.raw.once('close', close);
    raw.once('close', close);
    raw.once('error', close);

    if (resumeAfter !== null) {
      try {
        const missed = await this.clients
          .for('messaging')
          .call('messages.since', { afterId: resumeAfter, limit: LIMITS.streamCatchUpMax }, caller);
        for (const message of missed) write({ event: 'message', id: message.id, data: fromDto(message) });
        if (missed.length >= LIMITS.streamCatchUpMax) write({ event: 'resync', data: {} });
      } catch {
        write({ event: 'resync', data: {} });
      }
    }
    const held = buffered;
    buffered = null;
    for (const frame of held) write(frame);
  }
}

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
import { LIMITS, type MessageDto, type StreamMessageEvent, type StreamReadEvent } from '@dinebuds/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
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

/**
 * The stream's cursor as an event id: `<message id>-<receipt id>`, the newest of each the stream
 * has sent. EventSource sends it back as Last-Event-ID, and the catch-up resumes both from it.
 */
export function cursorId(cursor: StreamCursor): string {
  return `${cursor.messageId}-${cursor.receiptId}`;
}

/**
 * A Last-Event-ID: `<message id>-<receipt id>`, or a bare message id (streams before receipts
 * had ids: no receipt replay then); null for anything else (no catch-up).
 */
export function parseCursor(lastEventId: string | undefined): Partial<StreamCursor> | null {
  const match = /^(\d{1,10})(?:-(\d{1,10}))?$/.exec(lastEventId?.trim() ?? '');
  if (!match) return null;
  return {
    messageId: Number(match[1]),
    ...(match[2] === undefined ? {} : { receiptId: Number(match[2]) }),
  };
}

function frameText(frame: StreamFrame, id: string | null): string {
  return `event: ${frame.event}\n${id !== null ? `id: ${id}\n` : ''}data: ${JSON.stringify(frame.data)}\n\n`;
}

function fromDto(message: MessageDto): StreamMessageEvent {
  const { id, senderId, receiverId, content, messageType, restaurantId, restaurantName, pollId, createdAt } =
    message;
  return { id, senderId, receiverId, content, messageType, restaurantId, restaurantName, pollId, createdAt };
}

/** The newest message id and read receipt id a stream has sent. */
export interface StreamCursor {
  messageId: number;
  receiptId: number;
}

/**
 * GET /api/messages/stream: server-sent events of my messages (docs/api-messaging.md). New
 * messages to or from me (`event: message`, `id` = the message id), read receipts (`event:
 * read`) and `event: resync` when the gateway may have missed something (refetch then). A client
 * that reconnects with Last-Event-ID (`<message id>-<receipt id>`) first gets the messages and
 * read receipts it missed (up to LIMITS.streamCatchUpMax of each; more: a resync), then the live
 * ones, none twice.
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
    @SignedInOrigin() origin: SignedInOrigin,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!this.hub.available) throw new ServiceUnavailableException(STREAM_UNAVAILABLE);
    const resume = parseCursor(lastEventId);
    const raw = reply.raw;
    let buffered: StreamFrame[] | null = [];
    // `sent`: the newest message and receipt this connection (or the one it resumes) has sent: a
    // frame at or below them is not sent again. `cursor`: the id written with each frame (ahead
    // of `sent` on a fresh stream, whose catch-up is only the ids of now).
    const sent: StreamCursor = { messageId: resume?.messageId ?? 0, receiptId: resume?.receiptId ?? 0 };
    const cursor: StreamCursor = { ...sent };
    let closed = false;
    const advance = (part: keyof StreamCursor, id: number) => {
      sent[part] = Math.max(sent[part], id);
      cursor[part] = Math.max(cursor[part], id);
    };
    const write = (frame: StreamFrame) => {
      if (closed) return;
      let id: string | null = null;
      if (frame.event === 'message' && frame.id !== undefined) {
        if (frame.id <= sent.messageId) return;
        advance('messageId', frame.id);
        id = cursorId(cursor);
      } else if (frame.event === 'read') {
        const receiptId = (frame.data as StreamReadEvent).receiptId;
        if (receiptId !== undefined) {
          if (receiptId <= sent.receiptId) return;
          advance('receiptId', receiptId);
          id = cursorId(cursor);
        }
      }
      raw.write(frameText(frame, id));
      if (raw.writableLength > MAX_BACKLOG_BYTES) raw.destroy();
    };
    const client: StreamClient = {
      send: (frame) => (buffered ? buffered.push(frame) : write(frame)),
      end: () => raw.end(),
    };
    // Listen first and hold what arrives, so nothing falls between the catch-up and the live feed.
    const remove = this.hub.add(origin.caller.userId, client);
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

    // The catch-up: what a resuming stream missed, and the ids of now, which give a fresh stream
    // (and a part its Last-Event-ID lacked) a cursor: an `id:` line alone sets it, no event.
    try {
      const caughtUp = await this.clients.for('messaging').call(
        'messages.since',
        {
          ...(resume ? { afterId: resume.messageId } : {}),
          ...(resume?.receiptId !== undefined ? { afterReceiptId: resume.receiptId } : {}),
          limit: LIMITS.streamCatchUpMax,
        },
        origin,
      );
      for (const message of caughtUp.messages)
        write({ event: 'message', id: message.id, data: fromDto(message) });
      for (const receipt of caughtUp.receipts) write({ event: 'read', data: receipt });
      if (
        caughtUp.messages.length >= LIMITS.streamCatchUpMax ||
        caughtUp.receipts.length >= LIMITS.streamCatchUpMax
      )
        write({ event: 'resync', data: {} });
      if (!resume) cursor.messageId = Math.max(cursor.messageId, caughtUp.cursor.messageId);
      if (resume?.receiptId === undefined)
        cursor.receiptId = Math.max(cursor.receiptId, caughtUp.cursor.receiptId);
      if (!closed) raw.write(`id: ${cursorId(cursor)}\n\n`);
    } catch {
      if (resume) write({ event: 'resync', data: {} });
    }
    const held = buffered;
    buffered = null;
    for (const frame of held) write(frame);
  }
}

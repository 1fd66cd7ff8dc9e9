import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiErrorBody } from '@dinebuds/contracts';

const ANSWERS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request URL or headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'The request took too long to arrive',
  },
};
const MALFORMED = { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP' };

/**
 * The raw answer to a request Node's HTTP parser refused (too long a URL, a bad Content-Length,
 * garbage): the API's JSON error body instead of Node's bare status line.
 */
export function clientErrorResponse(code: string | undefined): string {
  const { status, reason, message } = (code && ANSWERS[code]) || MALFORMED;
  const body: ApiErrorBody = { statusCode: status, message, error: reason };
  const json = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Connection: close',
    '',
    json,
  ].join('\r\n');
}

/** Answers a request the parser refused on its socket (Fastify's `clientErrorHandler`). */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // Nothing to answer on a dead socket, or once a response has started on it.
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || started) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error.code));
}

/** Replaces Node's default 'clientError' answer (which has no body) with clientErrorResponse. */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', answerClientError);
}

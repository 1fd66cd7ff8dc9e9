import { HttpException } from '@nestjs/common';
import { HTTP_ERROR_NAMES, type ApiErrorBody } from '@dinebuds/contracts';
import { DomainError } from './domain-error.js';

/** An error that already knows its HTTP answer (e.g. a service's error relayed by the gateway). */
export class UpstreamHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The service's own `Retry-After`, relayed to the client. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'UpstreamHttpError';
  }
}

function firstSentence(message: unknown): string | undefined {
  if (typeof message === 'string' && message.trim() !== '') return message;
  // class-validator answers a list; the UI wants one sentence.
  if (Array.isArray(message) && message.length > 0) return firstSentence(message[0]);
  return undefined;
}

/** Sentences for the parsers' other client errors, whose own texts are zlib's or Node's. */
const PARSER_MESSAGES: Record<number, string> = {
  413: 'Request body is too large',
  415: 'Unsupported request encoding',
};

/** Fastify's and its plugins' client errors (they carry `code` and `statusCode`), in sentences. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body could not be read',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_CP_ERR_INVALID_CONTENT_ENCODING: 'Unsupported request encoding',
  FST_CP_ERR_INVALID_CONTENT: 'The request body could not be read',
  FST_ERR_BAD_URL: 'The request URL is not valid',
};

function fastifyError(error: { code?: string; statusCode?: number }): ApiErrorBody | undefined {
  const status = error.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (typeof error.code !== 'string' || !error.code.startsWith('FST_')) return undefined;
  return body(
    status,
    FASTIFY_MESSAGES[error.code] ?? PARSER_MESSAGES[status] ?? 'The request could not be read',
  );
}

/** Errors thrown by the body parsers before any handler runs. */
function parserError(error: unknown): ApiErrorBody | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as {
    type?: string;
    status?: number;
    statusCode?: number;
    expose?: boolean;
    code?: string;
    message?: string;
  };
  const fastify = fastifyError(e);
  if (fastify) return fastify;
  if (e.type === 'entity.parse.failed') return body(400, 'Malformed JSON in request body');
  if (e.type === 'entity.too.large') return body(413, 'Request body is too large');
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported')
    return body(415, 'Unsupported request encoding');
  if (e.code === 'LIMIT_FILE_SIZE') return body(413, 'File too large / The maximum file size is 5MB');
  if (typeof e.code === 'string' && e.code.startsWith('LIMIT_'))
    return body(400, e.message ?? 'Invalid upload');
  // Any other client error of the parsers (http-errors marks them `expose`): a body that is not
  // the gzip it claims, a length that does not match, an aborted upload.
  if (e.expose === true && typeof e.status === 'number' && e.status >= 400 && e.status < 500)
    return body(e.status, PARSER_MESSAGES[e.status] ?? 'The request body could not be read');
  return undefined;
}

export function body(statusCode: number, message: string, code?: string): ApiErrorBody {
  const result: ApiErrorBody = { statusCode, message, error: HTTP_ERROR_NAMES[statusCode] ?? 'Error' };
  if (code) result.code = code;
  return result;
}

/** PostgreSQL's "canceling statement due to statement timeout" (query_canceled). */
const PG_QUERY_CANCELED = '57014';

function isStatementTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; driverError?: { code?: unknown } };
  return e.code === PG_QUERY_CANCELED || e.driverError?.code === PG_QUERY_CANCELED;
}

/**
 * PostgreSQL cannot take the work now: too many connections (53300), shutting down or starting up
 * (57P01-57P03), any connection exception (class 08), a refused or dropped socket, or pg-pool's
 * wait for a connection running out. The request did nothing, so it is safe to try again.
 */
const PG_UNAVAILABLE_CODES = new Set(['53300', '57P01', '57P02', '57P03']);
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; driverError?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.driverError?.code;
  if (
    typeof code === 'string' &&
    (PG_UNAVAILABLE_CODES.has(code) || code.startsWith('08') || SOCKET_ERRORS.has(code))
  )
    return true;
  return typeof e.message === 'string' && e.message.startsWith('timeout exceeded when trying to connect');
}

/** Seconds for a `Retry-After` header when the error carries one (429 / 503 answers). */
export function retryAfterOf(error: unknown): number | undefined {
  if (isDatabaseUnavailable(error)) return 1;
  if (error instanceof DomainError || error instanceof UpstreamHttpError) {
    const seconds = error.retryAfterSeconds;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
      ? Math.ceil(seconds)
      : undefined;
  }
  return undefined;
}

/** Maps anything thrown to the one error body every API answers with. Unknown errors are 500s. */
export function toErrorBody(error: unknown): { body: ApiErrorBody; unexpected: boolean } {
  if (error instanceof DomainError)
    return { body: body(error.status, error.message, error.code), unexpected: false };
  if (error instanceof UpstreamHttpError)
    return { body: body(error.status, error.message, error.code), unexpected: error.status >= 500 };
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : (firstSentence((response as { message?: unknown }).message) ?? error.message);
    // Nest's built-in 'Cannot GET /x' is not a sentence a user should see.
    const shown =
      status === 404 && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(message)
        ? 'Not found'
        : message;
    return { body: body(status, shown), unexpected: status >= 500 };
  }
  const parsed = parserError(error);
  if (parsed) return { body: parsed, unexpected: false };
  // The service's own time budget ran out: say so, instead of a bare 500 (logged: it is a symptom).
  if (isStatementTimeout(error))
    return {
      body: body(504, 'The database did not answer in time', 'QUERY_TIMEOUT'),
      unexpected: true,
    };
  // The database refused or dropped the connection: a 503 the client may retry, not a 500.
  if (isDatabaseUnavailable(error))
    return {
      body: body(503, 'The service is busy, please try again in a moment', 'DATABASE_UNAVAILABLE'),
      unexpected: true,
    };
  return { body: body(500, 'Internal server error'), unexpected: true };
}

import { INTERNAL_HEADERS } from '@dinebuds/contracts';
import type { Logger } from './logger.js';
import { requestIdFrom, runWithRequestId } from './request-context.js';

/** The parts of a Fastify request, reply and instance the hooks use (no Fastify import needed). */
interface HookRequest {
  id: string;
  method: string;
  url: string;
}
interface HookReply {
  statusCode: number;
  elapsedTime: number;
  header(name: string, value: string): unknown;
}
type Done = (error?: Error) => void;
interface HookHost {
  addHook(
    name: 'onRequest' | 'preHandler',
    hook: (req: HookRequest, reply: HookReply, done: Done) => void,
  ): unknown;
  addHook(name: 'onResponse', hook: (req: HookRequest, reply: HookReply, done: Done) => void): unknown;
}

/** Fastify's `genReqId`: the caller's sane x-request-id or a fresh uuid. */
export const genRequestId = (req: { headers: Record<string, string | string[] | undefined> }): string =>
  requestIdFrom(req.headers[INTERNAL_HEADERS.requestId]);

export interface RequestLoggingOptions {
  /** Paths logged at debug only (health probes every few seconds would drown the useful lines). */
  quietUrls?: readonly string[];
  /**
   * Whether each route runs inside the request context (AsyncLocalStorage), so code deep in a
   * handler reads the request id without being given it: a service's outbox events and log lines
   * (default true). The gateway passes the request id explicitly (CallOrigin) and turns this off
   * (why: request-context.ts).
   */
  enterContext?: boolean;
  /** Fields added to each request line (the gateway's trace ids, which no context carries there). */
  lineFields?: (req: HookRequest) => Record<string, string> | undefined;
}

/**
 * Request ids and request logs on a Fastify instance (whose `genReqId` is genRequestId):
 * the id is echoed on the response and (unless `enterContext` is false) is the current request
 * id (AsyncLocalStorage) while the route runs, so log lines, RPC calls and outbox events of one
 * user action share it. The context
 * is entered in preHandler, after the body is read: a body arrives in stream events that carry
 * no context.
 *
 * One line per request at info (method, url, status, ms, request id) from onResponse. When info is
 * off the hook is not even registered: a silent level costs nothing per request (no child logger,
 * no serialised headers, unlike pino-http).
 */
export function installRequestContext(
  app: HookHost,
  logger: Logger,
  options: RequestLoggingOptions = {},
): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(INTERNAL_HEADERS.requestId, req.id);
    done();
  });
  if (options.enterContext !== false)
    app.addHook('preHandler', (req, _reply, done) => runWithRequestId(req.id, done));
  if (!logger.isLevelEnabled('info')) return;
  const quiet = new Set(options.quietUrls ?? []);
  const lineFields = options.lineFields;
  app.addHook('onResponse', (req, reply, done) => {
    const line = {
      requestId: req.id,
      method: req.method,
      url: req.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      ...lineFields?.(req),
    };
    if (quiet.has(req.url)) logger.debug(line, 'request');
    else logger.info(line, 'request');
    done();
  });
}

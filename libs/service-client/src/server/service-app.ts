import type { IncomingMessage, ServerResponse } from 'node:http';
import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AllExceptionsFilter, badRequest } from '@dinebuds/errors';
import { AppLogger, genRequestId, installRequestContext } from '@dinebuds/logging';
import { AdmissionDoor, type AdmissionLimits, admissionFromEnv } from './admission.js';
import { InternalAuthGuard } from './internal-auth.guard.js';
import { jsonBodyParser, parseByteSize } from './json-body.js';
import { UNSTORABLE_TEXT, hasUnstorableText } from './request-shape.js';

export interface ServiceAppOptions {
  internalToken: string;
  /** Largest RPC body; profile pictures arrive base64 inside JSON. */
  bodyLimit?: string;
  /** Load shedding limits; default: from ADMISSION_* variables (see admission.ts). */
  admission?: AdmissionLimits;
}

/**
 * Refuses a body with text PostgreSQL cannot store (NUL, lone surrogates) with a 400 before any
 * handler reads it, whichever field it hides in: otherwise the query fails and answers 500.
 * A Fastify preValidation hook.
 */
export function rejectUnstorableText(
  req: { body?: unknown },
  _reply: unknown,
  done: (error?: Error) => void,
): void {
  done(hasUnstorableText(req.body) ? badRequest(UNSTORABLE_TEXT) : undefined);
}

/** Health probes every few seconds would drown the useful request lines. */
const QUIET_URLS = ['/health', '/health/ready'];

/** What an in-process call into the app goes through besides its routes (direct-calls.ts). */
export interface DirectCallParts {
  door: AdmissionDoor;
  bodyLimit: number;
  filter: AllExceptionsFilter;
  /** The request's log line at info; null when info is off (a silent level does nothing). */
  requestLog: ((line: Record<string, unknown>) => void) | null;
  /**
   * Request metrics and server spans for direct calls, set by the service kit from observability
   * (this library does not depend on it); null when none are kept.
   */
  observe: DirectCallObserver | null;
  /**
   * Takes an RPC that came over the socket when it can run it directly (serveSocketRpcs), answering
   * true; false leaves the request to Fastify. Null until the app's routes are known.
   */
  socketRpc: ((req: IncomingMessage, res: ServerResponse) => boolean) | null;
}

/** Runs a direct call inside whatever the service observes of a request (see DirectCallParts). */
export type DirectCallObserver = <T extends { statusCode: number }>(
  call: { method: string; route: string; headers: Record<string, string> },
  run: () => Promise<T>,
) => Promise<T>;

/** Gives the app's direct calls the same request metrics and spans as its HTTP requests. */
export function observeDirectCalls(app: INestApplication, observe: DirectCallObserver): void {
  directCallPartsOf(app).observe = observe;
}

const apps = new WeakMap<INestApplication, DirectCallParts>();

/** Requests the app's admission door refused so far, by reason (for the metrics scrape). */
export function admissionRefusalsOf(app: INestApplication): Record<string, number> {
  return { ...(apps.get(app)?.door.refused ?? {}) };
}

export function directCallPartsOf(app: INestApplication): DirectCallParts {
  const parts = apps.get(app);
  if (!parts) throw new Error('in-process calls need an app made by createServiceApp');
  return parts;
}

/**
 * Creates a service's Nest application the same way everywhere, on Fastify: request ids and
 * request logs, a strict JSON body parser with a size limit and storable text, the one exception
 * filter (also for Fastify's own failures and unknown routes), the internal-token guard (deny by
 * default), shutdown hooks. The module must import `structuredLoggerModule(...)` from
 * @dinebuds/logging.
 */
export async function createServiceApp(
  module: Type<unknown>,
  options: ServiceAppOptions,
): Promise<INestApplication> {
  const door = new AdmissionDoor(options.admission ?? admissionFromEnv(), (url) => QUIET_URLS.includes(url));
  const bodyLimit = parseByteSize(options.bodyLimit ?? '10mb');
  const parts: DirectCallParts = {
    door,
    bodyLimit,
    filter: new AllExceptionsFilter(),
    requestLog: null,
    observe: null,
    socketRpc: null,
  };
  const adapter = new FastifyAdapter({
    // Past the door, an RPC the app can run directly skips Fastify (serveSocketRpcs).
    serverFactory: (
      fastifyHandler: (req: IncomingMessage, res: ServerResponse) => void,
      serverOptions: Parameters<AdmissionDoor['serverFactory']>[1],
    ) =>
      door.serverFactory((req, res) => {
        if (!parts.socketRpc?.(req, res)) fastifyHandler(req, res);
      }, serverOptions),
    bodyLimit,
    genReqId: genRequestId,
    requestIdHeader: false,
    logger: false,
    // Routes match exactly as declared: letter case and a trailing slash make another path.
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false, ignoreDuplicateSlashes: false },
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  const fastify = app.getHttpAdapter().getInstance();
  installRequestContext(fastify, logger.pino, { quietUrls: QUIET_URLS });
  await door.watchPressure(fastify);
  const pino = logger.pino;
  parts.requestLog = pino.isLevelEnabled('info') ? (line) => pino.info(line, 'request') : null;
  apps.set(app, parts);
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser());
  fastify.addHook('preValidation', rejectUnstorableText);
  app.useGlobalFilters(parts.filter);
  app.useGlobalGuards(new InternalAuthGuard(options.internalToken));
  app.enableShutdownHooks();
  return app;
}

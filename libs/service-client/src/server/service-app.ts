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

const doors = new WeakMap<INestApplication, AdmissionDoor>();

/** Requests the app's admission door refused so far, by reason (for the metrics scrape). */
export function admissionRefusalsOf(app: INestApplication): Record<string, number> {
  return { ...(doors.get(app)?.refused ?? {}) };
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
  const adapter = new FastifyAdapter({
    serverFactory: door.serverFactory,
    bodyLimit: parseByteSize(options.bodyLimit ?? '10mb'),
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
  doors.set(app, door);
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser());
  fastify.addHook('preValidation', rejectUnstorableText);
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalGuards(new InternalAuthGuard(options.internalToken));
  app.enableShutdownHooks();
  return app;
}

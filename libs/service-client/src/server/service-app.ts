import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import createExpress from 'express';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { AllExceptionsFilter, badRequest, expressErrorHandler } from '@dinebuds/errors';
import { AppLogger, HTTP_LOGGER, requestContextMiddleware } from '@dinebuds/logging';
import { InternalAuthGuard } from './internal-auth.guard.js';
import { UNSTORABLE_TEXT, hasUnstorableText } from './request-shape.js';

export interface ServiceAppOptions {
  internalToken: string;
  /** Largest RPC body; profile pictures arrive base64 inside JSON. */
  bodyLimit?: string;
}

/**
 * Refuses a body with text PostgreSQL cannot store (NUL, lone surrogates) with a 400 before any
 * handler reads it, whichever field it hides in: otherwise the query fails and answers 500.
 */
export function rejectUnstorableText(
  req: { body?: unknown },
  _res: unknown,
  next: (error?: unknown) => void,
): void {
  next(hasUnstorableText(req.body) ? badRequest(UNSTORABLE_TEXT) : undefined);
}

/**
 * Creates a service's Nest application the same way everywhere: request context first, JSON
 * body limit and storable text, the one exception filter, structured logs, the internal-token
 * guard (deny by default), shutdown hooks.
 * The module must import `structuredLoggerModule(...)` from @dinebuds/logging.
 */
export async function createServiceApp(
  module: Type<unknown>,
  options: ServiceAppOptions,
): Promise<INestApplication> {
  // Routes match exactly as declared: letter case and a trailing slash make another path.
  const express = createExpress();
  express.set('case sensitive routing', true);
  express.set('strict routing', true);
  const app = await NestFactory.create<NestExpressApplication>(module, new ExpressAdapter(express), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(AppLogger));
  app.use(requestContextMiddleware);
  app.use(app.get(HTTP_LOGGER));
  app.useBodyParser('json', { limit: options.bodyLimit ?? '10mb' });
  app.use(rejectUnstorableText);
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalGuards(new InternalAuthGuard(options.internalToken));
  app.enableShutdownHooks();
  app.use(expressErrorHandler);
  return app;
}

import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AllExceptionsFilter, expressErrorHandler } from '@dinebuds/errors';
import { requestContextMiddleware } from '@dinebuds/logging';
import { InternalAuthGuard } from './internal-auth.guard.js';

export interface ServiceAppOptions {
  internalToken: string;
  /** Largest RPC body; profile pictures arrive base64 inside JSON. */
  bodyLimit?: string;
}

/**
 * Creates a service's Nest application the same way everywhere: request context first, JSON
 * body limit, the one exception filter, structured logs, the internal-token guard, shutdown hooks.
 * The module must import `structuredLoggerModule(...)` from @dinebuds/logging.
 */
export async function createServiceApp(
  module: Type<unknown>,
  options: ServiceAppOptions,
): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.use(requestContextMiddleware);
  app.useBodyParser('json', { limit: options.bodyLimit ?? '10mb' });
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalGuards(new InternalAuthGuard(options.internalToken));
  app.enableShutdownHooks();
  app.use(expressErrorHandler);
  return app;
}

import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { AllExceptionsFilter, expressErrorHandler } from '@dinebuds/errors';
import { AppLogger, HTTP_LOGGER, requestContextMiddleware } from '@dinebuds/logging';
import { createValidationPipe } from './common/validation.js';
import { type GatewayOptions, resolveGatewayOptions } from './gateway-options.js';
import { GatewayModule } from './gateway.module.js';
import { answerClientErrorsWithJson } from './http/client-error.js';
import { securityHeaders } from './http/security.js';
import { expressTrustProxy } from './http/trust-proxy.js';
import { setupOpenApi } from './openapi/openapi.js';
import { spaHandlers } from './spa/spa.js';

export interface RunningGateway {
  app: INestApplication;
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the gateway (standalone from main.ts, or inside the all-in-one runner). Middleware order:
 * request id, security headers, the SPA's files, cookies, the JSON body (size-limited), then the
 * Nest routes under /api with the rate-limit and session guards, the validation pipe and the
 * one exception filter. Requests Node's HTTP parser refuses get the same JSON error body. Port 0
 * picks a free port; `url` tells which.
 */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const config = resolveGatewayOptions(options);
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
    forceCloseConnections: true,
  });
  app.useLogger(app.get(AppLogger));
  app.set('trust proxy', expressTrustProxy(config.trustProxy));
  app.disable('x-powered-by');

  app.use(requestContextMiddleware);
  app.use(app.get(HTTP_LOGGER));
  app.use(securityHeaders({ mapTileUrl: config.mapTileUrl, secure: config.cookieSecure }));
  if (config.frontendDist) {
    if (!existsSync(join(config.frontendDist, 'index.html'))) {
      app
        .get(AppLogger)
        .warn(`FRONTEND_DIST ${config.frontendDist} has no index.html yet: only /api is served`, 'Bootstrap');
    }
    for (const handler of spaHandlers(config.frontendDist)) app.use(handler);
  }
  app.use(cookieParser());
  app.useBodyParser('json', { limit: config.bodyLimit });
  app.use(expressErrorHandler);

  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createValidationPipe());
  setupOpenApi(app);
  answerClientErrorsWithJson(app.getHttpServer());

  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.getHttpServer().address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  return { app, url, close: () => app.close() };
}

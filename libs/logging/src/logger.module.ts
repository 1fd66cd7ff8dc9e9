import { LoggerModule } from 'nestjs-pino';
import type { DynamicModule } from '@nestjs/common';
import { INTERNAL_HEADERS } from '@dinebuds/contracts';
import { createLogger } from './logger.js';

/**
 * nestjs-pino wired the same way in every service and the gateway: one JSON line per request with
 * the request id set by requestContextMiddleware (which must run first: app.use it in bootstrap).
 */
export function structuredLoggerModule(
  component: string,
  level = process.env.LOG_LEVEL ?? 'info',
): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      logger: createLogger(component, level),
      genReqId: (req) => String(req.headers[INTERNAL_HEADERS.requestId] ?? ''),
      customProps: (req) => ({ requestId: req.headers[INTERNAL_HEADERS.requestId] }),
      // Health probes every few seconds would drown the useful lines.
      autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/api/health' },
      quietReqLogger: true,
    },
  });
}

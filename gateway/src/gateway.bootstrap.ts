import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import { AllExceptionsFilter } from '@dinebuds/errors';
import { AppLogger, genRequestId, installRequestContext } from '@dinebuds/logging';
import { AdmissionDoor, jsonBodyParser, parseByteSize } from '@dinebuds/service-client';
import { installHttpObservability, reportAdmissionRefusals, traceFieldsOf } from '@dinebuds/observability';
import { createValidationPipe } from './common/validation.js';
import { type GatewayOptions, resolveGatewayOptions } from './gateway-options.js';
import { GatewayModule } from './gateway.module.js';
import { answerClientError } from './http/client-error.js';
import { fixedSecurityHeaders, installSecurityHeaders } from './http/security.js';
import { drainRefusedBodies } from './http/drain-refused-body.js';
import { installApiNoStore } from './http/api-cache.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { isHealthProbe } from './health/health-probe.js';
import { setupOpenApi } from './openapi/openapi.js';
import { readSessionToken } from './auth/session-cookie.js';
import { serverRenderer } from './spa/server-render.js';
import { nonCanonicalToNotFound, spaFallback, spaStaticOptions } from './spa/spa.js';
import { isPasswordWork } from './upstream/password-work.js';

export interface RunningGateway {
  app: INestApplication;
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  close(): Promise<void>;
}

/**
 * Longer than any URL Node accepts (16 KB of headers): a long id must reach its route and answer
 * 400 (or 401 first), not fall to Fastify's bare 414 or to the SPA's wildcard.
 */
const MAX_PARAM_LENGTH = 16_384;

/** API answers at least this large are compressed when the client accepts it. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Connections the kernel holds for the gateway until it accepts them (capped by
 * net.core.somaxconn). Node's 511 overflows when hundreds of clients connect at once to a busy
 * process: the kernel drops their SYNs and they retry after 1, 3, 7 s, a wait no 503 can shorten.
 */
const LISTEN_BACKLOG = 4096;

/** Nest's adapter, with the SPA's deep links answered before the API's JSON 404. */
class GatewayAdapter extends FastifyAdapter {
  frontendDist: string | null = null;
  serverRenderTimeoutMs = 0;

  override setNotFoundHandler(handler: Parameters<FastifyAdapter['setNotFoundHandler']>[0]) {
    const notFound = handler as Parameters<typeof spaFallback>[1];
    if (!this.frontendDist) return super.setNotFoundHandler(notFound);
    const hasSession = (req: FastifyRequest) => readSessionToken(req) !== null;
    const render = serverRenderer(this.frontendDist, this.serverRenderTimeoutMs);
    return super.setNotFoundHandler(spaFallback(this.frontendDist, notFound, hasSession, render));
  }
}

/**
 * Starts the gateway (standalone from main.ts, or inside the all-in-one runner) on Fastify.
 * Per request: request id, security headers, cookies, the SPA's files, the JSON body
 * (size-limited, strict), then the Nest routes under /api with the rate-limit and session guards,
 * the validation pipe and the one exception filter, which also answers Fastify's own failures
 * (malformed JSON, 413, unknown routes). Requests Node's HTTP parser refuses get the same JSON
 * error body. Port 0 picks a free port; `url` tells which.
 */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const config = resolveGatewayOptions(options);
  const securityHeaders = await fixedSecurityHeaders({
    mapTileUrl: config.mapTileUrl,
    secure: config.cookieSecure,
  });
  // Load shedding first of all, on the raw request: a refusal costs no routing, hook or body work.
  // Sign-in, registration and password change (an argon2id hash each) have a bound of their own.
  const door = new AdmissionDoor(
    config.admission,
    isHealthProbe,
    isPasswordWork,
    Object.fromEntries(securityHeaders),
  );
  const adapter = new GatewayAdapter({
    serverFactory: door.serverFactory,
    bodyLimit: parseByteSize(config.bodyLimit),
    requestTimeout: config.requestTimeoutMs,
    // Fastify takes a hop count too (proxy-addr, as Express); its type leaves numbers out.
    trustProxy: fastifyTrustProxy(config.trustProxy) as string[],
    genReqId: genRequestId,
    requestIdHeader: false,
    logger: false,
    forceCloseConnections: true,
    clientErrorHandler: answerClientError,
    // As Express did: a trailing slash names the same route. Letter case matters (ids, usernames).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
  });
  adapter.frontendDist = config.frontendDist;
  adapter.serverRenderTimeoutMs = config.serverRenderTimeoutMs;
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config), adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  const fastify = app.getHttpAdapter().getInstance();

  // The request id and the server span go explicitly to each RPC (`@Origin()`), never through the
  // request context: why, in libs/logging/src/request-context.ts.
  installRequestContext(fastify, logger.pino, {
    quietUrls: ['/api/health'],
    enterContext: false,
    lineFields: traceFieldsOf,
  });
  // Request metrics (service="gateway") and the trace's root span; the RPCs carry its traceparent.
  // The door's refusals are counted apart (dinebuds_admission_refused_total).
  installHttpObservability(fastify, 'gateway', { activateSpan: false });
  const unreportRefusals = reportAdmissionRefusals('gateway', () => ({ ...door.refused }));
  await door.watchPressure(fastify);
  installApiNoStore(fastify);
  installSecurityHeaders(fastify, securityHeaders);
  // Request bodies in gzip/deflate/br are inflated (as body-parser did); answers above 1 KB are
  // compressed for clients that accept it. Files the build pre-compressed are sent as they are.
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(fastifyCookie);
  // The counters only: RateLimitGuard decides per route which limits apply. A Redis outage lets
  // requests through rather than failing every one.
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(config.rateLimitRedis && { redis: config.rateLimitRedis }),
  });
  await app.register(fastifyMultipart);
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser());
  drainRefusedBodies(fastify, parseByteSize(config.bodyLimit));
  // Any other body is left unread, so the route's guards answer first (401) and then
  // BodyTypeGuard its 415, as for a body-less action.
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  if (config.frontendDist) {
    if (existsSync(config.frontendDist)) {
      await app.register(fastifyStatic, spaStaticOptions(config.frontendDist));
      fastify.addHook('onRequest', nonCanonicalToNotFound);
    }
    if (!existsSync(join(config.frontendDist, 'index.html')))
      logger.warn(
        `FRONTEND_DIST ${config.frontendDist} has no index.html yet: only /api is served`,
        'Bootstrap',
      );
  }

  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createValidationPipe());
  setupOpenApi(app);

  try {
    await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  } catch (error) {
    unreportRefusals();
    await app.close();
    throw error;
  }
  const address = app.getHttpServer().address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  return {
    app,
    url,
    close: () => {
      unreportRefusals();
      return app.close();
    },
  };
}

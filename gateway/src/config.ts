import { envBool, envInt, envLogLevel, envPort, envUrl, loadConfig, z } from '@dinebuds/config';
import { observabilityEnvShape } from '@dinebuds/observability';
import {
  DEFAULT_ACCEPTS_PER_TURN,
  DEFAULT_MAP_TILE_URL,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_RESERVATION_URL_TEMPLATE,
  type GatewayOptions,
} from './gateway-options.js';
import { DEFAULT_SESSION_CACHE_MAX_ENTRIES, DEFAULT_SESSION_CACHE_TTL_MS } from './auth/session-cache.js';
import { envTrustProxy } from './http/trust-proxy.js';
import { GATEWAY_SERVICES } from './upstream/services.generated.js';

type Catalogued = (typeof GATEWAY_SERVICES)[number];
const serviceUrl = (localUrl: string) => envUrl(['http:', 'https:']).default(localUrl);

/** Each service's URL variable (IDENTITY_URL ...), from services.catalogue.json. */
const serviceUrlsEnvShape = Object.fromEntries(
  GATEWAY_SERVICES.map((s) => [s.urlEnv, serviceUrl(s.localUrl)]),
) as { [S in Catalogued as S['urlEnv']]: ReturnType<typeof serviceUrl> };

/**
 * The gateway's settings that do not depend on where it runs: read the same way by the gateway
 * alone and by the all-in-one runner (gatewayTuning turns them into GatewayOptions).
 */
export const gatewayTuningEnvShape = {
  COOKIE_SECURE: envBool(false),
  /** Off unless set: a hop count or the proxies' addresses (http/trust-proxy.ts). */
  TRUST_PROXY: envTrustProxy(),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, { message: "must be a size such as '1mb' or '500kb'" })
    .default('1mb'),
  RPC_TIMEOUT_MS: envInt(5000),
  REQUEST_TIMEOUT_MS: envInt(DEFAULT_REQUEST_TIMEOUT_MS),
  /** New connections accepted per event-loop turn (1: one, libuv's own). */
  ACCEPTS_PER_TURN: envInt(DEFAULT_ACCEPTS_PER_TURN),
  RATE_LIMIT_AUTH_PER_MINUTE: envInt(20),
  RATE_LIMIT_PER_MINUTE: envInt(600),
  /** 0: every signed-in request asks identity (see auth/session-cache.ts). */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().nonnegative().default(DEFAULT_SESSION_CACHE_TTL_MS),
  SESSION_CACHE_MAX_ENTRIES: envInt(DEFAULT_SESSION_CACHE_MAX_ENTRIES),
  MAP_TILE_URL: z.string().default(DEFAULT_MAP_TILE_URL),
  /** `{date}`, `{time}`, `{partySize}` and `{name}` are filled in by the reservation dialog. */
  RESERVATION_URL_TEMPLATE: envUrl(['http:', 'https:']).default(DEFAULT_RESERVATION_URL_TEMPLATE),
};

export type GatewayTuningEnv = z.infer<z.ZodObject<typeof gatewayTuningEnvShape>>;

export function gatewayTuning(config: GatewayTuningEnv) {
  return {
    cookieSecure: config.COOKIE_SECURE,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT,
    rpcTimeoutMs: config.RPC_TIMEOUT_MS,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    acceptsPerTurn: config.ACCEPTS_PER_TURN,
    rateLimitAuthPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    sessionCacheTtlMs: config.SESSION_CACHE_TTL_MS,
    sessionCacheMaxEntries: config.SESSION_CACHE_MAX_ENTRIES,
    mapTileUrl: config.MAP_TILE_URL,
    reservationUrlTemplate: config.RESERVATION_URL_TEMPLATE,
  } satisfies Partial<GatewayOptions>;
}

/** The gateway's environment variables, validated at start-up. */
export const gatewayEnvShape = {
  PORT: envPort(3000),
  HOST: z.string().default('0.0.0.0'),
  ...serviceUrlsEnvShape,
  INTERNAL_TOKEN: z.string().min(16),
  FRONTEND_DIST: z.string().optional(),
  /**
   * The services' RabbitMQ: the gateway hears identity's access-changed notices there. Unset: it
   * remembers no session (every signed-in request asks identity).
   */
  AMQP_URL: envUrl(['amqp:', 'amqps:']).optional(),
  ...gatewayTuningEnvShape,
  LOG_LEVEL: envLogLevel(),
  ...observabilityEnvShape,
};

/** The gateway's options from the environment, and the RabbitMQ URL its event bus connects to. */
export function gatewayOptionsFromEnv(
  env: Record<string, string | undefined> = process.env,
): GatewayOptions & { amqpUrl: string | null } {
  const config = loadConfig(gatewayEnvShape, env);
  return {
    amqpUrl: config.AMQP_URL ?? null,
    port: config.PORT,
    host: config.HOST,
    services: Object.fromEntries(GATEWAY_SERVICES.map((s) => [s.gatewayKey, config[s.urlEnv]])),
    internalToken: config.INTERNAL_TOKEN,
    frontendDist: config.FRONTEND_DIST ?? null,
    ...gatewayTuning(config),
    logLevel: config.LOG_LEVEL,
  };
}

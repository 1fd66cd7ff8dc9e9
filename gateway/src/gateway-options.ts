import { envLogLevel, envUrl, z } from '@dinebuds/config';
import type { EventBus } from '@dinebuds/events';
import { type AdmissionLimits, type InProcessDispatch, admissionFromEnv } from '@dinebuds/service-client';
import { DEFAULT_SESSION_CACHE_MAX_ENTRIES, DEFAULT_SESSION_CACHE_TTL_MS } from './auth/session-cache.js';
import { trustProxySetting } from './http/trust-proxy.js';
import { GATEWAY_SERVICES } from './upstream/services.generated.js';

export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
export const DEFAULT_MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
/** We hold no availability: booking hands the visitor's choices to a reservation site's search. */
export const DEFAULT_RESERVATION_URL_TEMPLATE =
  'https://www.opentable.com/s?dateTime={date}T{time}&covers={partySize}&term={name}';

/** The environment variable a setting is read from when the gateway starts alone (config.ts). */
const env = (name: string) => ({ env: name });
const count = () => z.number().int().positive();
const httpUrl = () => envUrl(['http:', 'https:']);

type Catalogued = (typeof GATEWAY_SERVICES)[number];

/** What @fastify/rate-limit's Redis store needs of an ioredis client. */
export interface RateLimitRedis {
  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): unknown;
}

/**
 * Base URL of each service behind the gateway by its key in services.catalogue.json, e.g.
 * `{ identity: 'http://identity:4101' }`, each read from the service's `urlEnv`. A service left
 * out answers 503 on its routes and is left out of the health check (gateways started for one
 * area's tests name only what they use); main.ts (each variable defaults to the service's local
 * port), the runner, compose and Kubernetes always give every one.
 */
const servicesSchema = z.object(
  Object.fromEntries(GATEWAY_SERVICES.map((s) => [s.gatewayKey, httpUrl().optional().meta(env(s.urlEnv))])),
) as unknown as z.ZodObject<{
  [S in Catalogued as S['gatewayKey']]: z.ZodOptional<ReturnType<typeof httpUrl>>;
}>;

/**
 * Every setting of the gateway, written once: its type and range, its default, and the variable
 * main.ts reads it from (`.meta({ env })`). `GatewayOptions` (what startGateway, the runner and
 * tests pass) is its input type, `ResolvedGatewayOptions` (defaults applied) its output.
 */
export const gatewayOptionsSchema = z.object({
  port: z.number().int().min(0).max(65535).default(3000).meta(env('PORT')),
  host: z.string().min(1).default('0.0.0.0').meta(env('HOST')),
  services: servicesSchema,
  /**
   * The routers of services running in this process (the one-process runner), by the same keys as
   * `services`: calls to them skip the loopback socket but not the route, its token check or its
   * guards (libs/service-client in-process.ts). Never from the environment.
   */
  inProcessServices: z
    .custom<Partial<Record<string, InProcessDispatch>>>(
      (value) => typeof value === 'object' && value !== null,
    )
    .default({}),
  /** Shared secret proving to services that a call comes from the gateway. */
  internalToken: z
    .string({ error: 'is required' })
    .min(16, { error: 'must be at least 16 characters' })
    .meta(env('INTERNAL_TOKEN')),
  /** Folder of the built SPA (index.html + assets/); when set, served with a fallback to index.html. */
  frontendDist: z.string().nullable().default(null).meta(env('FRONTEND_DIST')),
  /**
   * How long a page's server render (frontend/dist-ssr beside FRONTEND_DIST) may take before the
   * plain page is sent instead; 0 turns server rendering off.
   */
  serverRenderTimeoutMs: z.number().int().min(0).default(2000).meta(env('SERVER_RENDER_TIMEOUT_MS')),
  /** Adds `Secure` to the session cookie (and HSTS / upgrade-insecure-requests): set behind HTTPS. */
  cookieSecure: z.boolean().default(false).meta(env('COOKIE_SECURE')),
  /**
   * Which reverse proxies may name the client in X-Forwarded-For, so rate limits and sessions see
   * the client's IP: off by default; a number of hops, or the proxies' addresses/CIDRs (an array
   * or a comma-separated string). `true` is refused: it would trust any header a client writes.
   */
  trustProxy: trustProxySetting().meta(env('TRUST_PROXY')),
  /** Largest JSON body, e.g. '1mb'. */
  bodyLimit: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, { error: "must be a size such as '1mb' or '500kb'" })
    .default('1mb')
    .meta(env('BODY_LIMIT')),
  /** Timeout of one call to a service. */
  rpcTimeoutMs: count().default(5000).meta(env('RPC_TIMEOUT_MS')),
  /**
   * Time a client has to send a whole request, headers and body, before it is answered 408 and
   * its connection closed (an 8 MB photo at ~70 KB/s). A slow upload holds its place in the
   * admission door's count until then.
   */
  requestTimeoutMs: count().default(DEFAULT_REQUEST_TIMEOUT_MS).meta(env('REQUEST_TIMEOUT_MS')),
  /** Login, register and password-change attempts per IP per minute. */
  rateLimitAuthPerMinute: count().default(20).meta(env('RATE_LIMIT_AUTH_PER_MINUTE')),
  /** Requests per IP per minute on any /api route. */
  rateLimitPerMinute: count().default(600).meta(env('RATE_LIMIT_PER_MINUTE')),
  /**
   * An ioredis client the rate limits count in, so several gateways share one count per client
   * (see README); default: each gateway counts in its own memory.
   */
  rateLimitRedis: z
    .custom<RateLimitRedis>(
      (value) => typeof value === 'object' && value !== null && 'defineCommand' in value,
    )
    .nullable()
    .default(null),
  /** How long a resolved session is remembered (0: never, every request asks identity). See SessionCache. */
  sessionCacheTtlMs: z
    .number()
    .int()
    .nonnegative()
    .default(DEFAULT_SESSION_CACHE_TTL_MS)
    .meta(env('SESSION_CACHE_TTL_MS')),
  /** Sessions remembered at most. */
  sessionCacheMaxEntries: count()
    .default(DEFAULT_SESSION_CACHE_MAX_ENTRIES)
    .meta(env('SESSION_CACHE_MAX_ENTRIES')),
  /**
   * Live message streams (GET /api/messages/stream) one person may hold open at once, e.g. one per
   * tab; one more is answered 429. Streams hold no admission place (releaseLongLived), so this is
   * their bound.
   */
  messageStreamsPerUser: count().default(8).meta(env('MESSAGE_STREAMS_PER_USER')),
  /** Leaflet tile URL template given to the browser by /api/env. */
  mapTileUrl: z.string().default(DEFAULT_MAP_TILE_URL).meta(env('MAP_TILE_URL')),
  /**
   * Online reservation site URL template given to the browser by /api/env: `{date}`, `{time}`,
   * `{partySize}` and `{name}` are filled in by the reservation dialog.
   */
  reservationUrlTemplate: httpUrl()
    .default(DEFAULT_RESERVATION_URL_TEMPLATE)
    .meta(env('RESERVATION_URL_TEMPLATE')),
  logLevel: envLogLevel().meta(env('LOG_LEVEL')),
  /** Load shedding limits; default: from the ADMISSION_* variables. */
  admission: z.custom<AdmissionLimits>((value) => typeof value === 'object' && value !== null).optional(),
  /**
   * The event bus the gateway hears identity's access-changed notices on (the runner's, or one of
   * its own on AMQP_URL). Without it no session is remembered: every request asks identity.
   */
  events: z.custom<EventBus | null>((value) => typeof value === 'object').default(null),
});

/** How the gateway is started: by main.ts from the environment, or by the all-in-one runner and tests. */
export type GatewayOptions = z.input<typeof gatewayOptionsSchema>;
export type GatewayServices = GatewayOptions['services'];
/** GatewayOptions with every default applied. */
export type ResolvedGatewayOptions = Omit<z.output<typeof gatewayOptionsSchema>, 'admission'> & {
  admission: AdmissionLimits;
};

export const GATEWAY_OPTIONS = Symbol('GATEWAY_OPTIONS');

/** Thrown by resolveGatewayOptions: names every bad option and what is wrong with it. */
export class GatewayOptionsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid gateway options: ${problems.join('; ')}`);
    this.name = 'GatewayOptionsError';
  }
}

/** Checks programmatic options against the schema and applies its defaults. */
export function resolveGatewayOptions(options: GatewayOptions): ResolvedGatewayOptions {
  const result = gatewayOptionsSchema.safeParse(options);
  if (!result.success)
    throw new GatewayOptionsError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(options)'}: ${issue.message}`),
    );
  return { ...result.data, admission: result.data.admission ?? admissionFromEnv() };
}

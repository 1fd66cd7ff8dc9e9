import type { EventBus } from '@dinebuds/events';
import { type AdmissionLimits, admissionFromEnv } from '@dinebuds/service-client';
import { DEFAULT_SESSION_CACHE_MAX_ENTRIES, DEFAULT_SESSION_CACHE_TTL_MS } from './auth/session-cache.js';
import { type TrustProxy, checkTrustProxy } from './http/trust-proxy.js';
import { GATEWAY_SERVICES } from './upstream/services.generated.js';

/**
 * Base URL of each service behind the gateway by its key in services.catalogue.json, e.g.
 * `{ identity: 'http://identity:4101' }`. A service left out answers 503 on its routes and is
 * left out of the health check (gateways started for one area's tests name only what they use);
 * main.ts, the runner, compose and Kubernetes always pass every one.
 */
export type GatewayServices = { [S in (typeof GATEWAY_SERVICES)[number] as S['gatewayKey']]?: string };

/** How the gateway is started: by main.ts from the environment, or by the all-in-one runner. */
export interface GatewayOptions {
  port: number;
  host?: string;
  /** Base URL of each service the gateway forwards to. */
  services: GatewayServices;
  /** Shared secret proving to services that a call comes from the gateway. */
  internalToken: string;
  /** Folder of the built SPA (index.html + assets/); when set, served with a fallback to index.html. */
  frontendDist?: string | null;
  /** Adds `Secure` to the session cookie (and HSTS / upgrade-insecure-requests): set behind HTTPS. */
  cookieSecure?: boolean;
  /**
   * Which reverse proxies may name the client in X-Forwarded-For, so rate limits and sessions see
   * the client's IP: off by default; a number of hops, or the proxies' addresses/CIDRs (an array
   * or a comma-separated string). `true` is refused: it would trust any header a client writes.
   */
  trustProxy?: TrustProxy | string;
  /** Largest JSON body, e.g. '1mb' (default). */
  bodyLimit?: string;
  /** Timeout of one call to a service (default 5000 ms). */
  rpcTimeoutMs?: number;
  /**
   * Time a client has to send a whole request, headers and body, before it is answered 408 and
   * its connection closed (default 120000 ms: an 8 MB photo at ~70 KB/s). A slow
   * upload holds its place in the admission door's count until then.
   */
  requestTimeoutMs?: number;
  /** Login, register and password-change attempts per IP per minute (default 20). */
  rateLimitAuthPerMinute?: number;
  /** Requests per IP per minute on any /api route (default 600). */
  rateLimitPerMinute?: number;
  logLevel?: string;
  /** Leaflet tile URL template given to the browser by /api/env. */
  mapTileUrl?: string;
  /** Online reservation site URL template given to the browser by /api/env. */
  reservationUrlTemplate?: string;
  /** Load shedding limits; default: from ADMISSION_* variables. */
  admission?: AdmissionLimits;
  /**
   * New connections accepted per event-loop turn (default 16; 1: libuv's own, one per turn). See
   * http/accept-paths.ts.
   */
  acceptsPerTurn?: number;
  /**
   * The event bus the gateway hears identity's access-changed notices on (the runner's, or one of
   * its own on AMQP_URL). Without it no session is remembered: every request asks identity.
   */
  events?: EventBus | null;
  /** How long a resolved session is remembered (default 10 s; 0: never). See SessionCache. */
  sessionCacheTtlMs?: number;
  /** Sessions remembered at most (default 50000). */
  sessionCacheMaxEntries?: number;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
/** 640 clients connecting at once are in within ~40 turns of a busy loop (http/accept-paths.ts). */
export const DEFAULT_ACCEPTS_PER_TURN = 16;
export const DEFAULT_MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
/** We hold no availability: booking hands the visitor's choices to a reservation site's search. */
export const DEFAULT_RESERVATION_URL_TEMPLATE =
  'https://www.opentable.com/s?dateTime={date}T{time}&covers={partySize}&term={name}';

/** GatewayOptions with every default applied. */
export interface ResolvedGatewayOptions {
  port: number;
  host: string;
  services: GatewayServices;
  internalToken: string;
  frontendDist: string | null;
  cookieSecure: boolean;
  trustProxy: TrustProxy;
  bodyLimit: string;
  rpcTimeoutMs: number;
  requestTimeoutMs: number;
  rateLimitAuthPerMinute: number;
  rateLimitPerMinute: number;
  logLevel: string;
  mapTileUrl: string;
  reservationUrlTemplate: string;
  admission: AdmissionLimits;
  acceptsPerTurn: number;
  events: EventBus | null;
  sessionCacheTtlMs: number;
  sessionCacheMaxEntries: number;
}

export const GATEWAY_OPTIONS = Symbol('GATEWAY_OPTIONS');

export function resolveGatewayOptions(options: GatewayOptions): ResolvedGatewayOptions {
  if (!options.internalToken || options.internalToken.length < 16) {
    throw new Error('The gateway needs an internalToken of at least 16 characters');
  }
  return {
    port: options.port,
    host: options.host ?? '0.0.0.0',
    services: { ...options.services },
    internalToken: options.internalToken,
    frontendDist: options.frontendDist ?? null,
    cookieSecure: options.cookieSecure ?? false,
    trustProxy: checkTrustProxy(options.trustProxy),
    bodyLimit: options.bodyLimit ?? '1mb',
    rpcTimeoutMs: options.rpcTimeoutMs ?? 5000,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    rateLimitAuthPerMinute: options.rateLimitAuthPerMinute ?? 20,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 600,
    logLevel: options.logLevel ?? 'info',
    mapTileUrl: options.mapTileUrl ?? DEFAULT_MAP_TILE_URL,
    reservationUrlTemplate: options.reservationUrlTemplate ?? DEFAULT_RESERVATION_URL_TEMPLATE,
    admission: options.admission ?? admissionFromEnv(),
    acceptsPerTurn: options.acceptsPerTurn ?? DEFAULT_ACCEPTS_PER_TURN,
    events: options.events ?? null,
    sessionCacheTtlMs: options.sessionCacheTtlMs ?? DEFAULT_SESSION_CACHE_TTL_MS,
    sessionCacheMaxEntries: options.sessionCacheMaxEntries ?? DEFAULT_SESSION_CACHE_MAX_ENTRIES,
  };
}

import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

const OSM_TILES = 'https://*.tile.openstreetmap.org';

/**
 * The image origin of a tile URL template, with placeholders as wildcards:
 * 'https://{s}.tile.example.org/{z}/{x}/{y}.png' -> 'https://*.tile.example.org'.
 */
export function tileImageSource(mapTileUrl: string): string | null {
  const match = /^(https?):\/\/([^/]+)/.exec(mapTileUrl.trim());
  if (!match) return null;
  const host = match[2].replace(/\{[^}]*\}/g, '*');
  if (!/^[A-Za-z0-9*.-]+(:\d+)?$/.test(host)) return null;
  return `${match[1]}://${host}`;
}

/** Content-Security-Policy directives: our own code, map tiles and data: images, inline styles for Leaflet. */
export function contentSecurityPolicy(options: {
  mapTileUrl: string;
  secure: boolean;
}): Record<string, string[]> {
  const tiles = tileImageSource(options.mapTileUrl);
  const imageSources = [...new Set(["'self'", 'data:', 'blob:', OSM_TILES, ...(tiles ? [tiles] : [])])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': imageSources,
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  // Upgrading requests only makes sense when the site itself is served over HTTPS.
  if (options.secure) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** @fastify/helmet's options: the policy above; HSTS only behind HTTPS. */
export function securityHeaders(options: { mapTileUrl: string; secure: boolean }): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    strictTransportSecurity: options.secure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

type HeaderList = Array<[name: string, value: string | number | string[]]>;

/**
 * The headers helmet sets with these options, computed once: @fastify/helmet builds a whole helmet
 * middleware (options parsed, policy string joined) on every request, for headers that never
 * change. It runs once here on a throwaway Fastify, whose route reads what helmet put on the reply.
 */
export async function fixedSecurityHeaders(options: {
  mapTileUrl: string;
  secure: boolean;
}): Promise<HeaderList> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, securityHeaders(options));
    probe.get('/', (_req, reply) => reply.send(reply.raw.getHeaders()));
    const answer = await probe.inject('/');
    return Object.entries(answer.json<Record<string, string | number | string[]>>());
  } finally {
    await probe.close();
  }
}

/** Puts those headers on every answer, where helmet put them (the raw response), first thing. */
export function installSecurityHeaders(fastify: FastifyInstance, headers: HeaderList): void {
  fastify.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

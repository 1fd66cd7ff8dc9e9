import { resolve } from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routePages } from './route-page.js';
import type { PageRenderer } from './server-render.js';

/** Vite puts content-hashed files under /assets: their name changes whenever their bytes do. */
const HASHED_ASSET = /^\/assets\//;
const LONG_CACHE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=3600';
const NO_CACHE = 'no-cache';
/** The build's pre-compressed siblings (app.js.br, app.js.gz) are cached like the file itself. */
const COMPRESSED_SIBLING = /\.(br|gz)$/;

/**
 * The /api namespace is the gateway's own: never answered with the SPA. In any letter case: the
 * routes are case-sensitive, and an API client that writes /API/... is told 404 in JSON rather
 * than handed the app's HTML.
 */
export function isApiPath(path: string): boolean {
  const prefix = path.slice(0, 5).toLowerCase();
  return prefix === '/api' || prefix === '/api/';
}

/**
 * A path the SPA's router owns: not under /api or /assets, and either a page navigation (the
 * browser asks for HTML: /profile/john.doe has a dot but is a page) or a path without a file
 * extension. A missing /favicon.ico stays a 404 rather than an HTML page.
 */
export function isSpaRoute(path: string, accept = ''): boolean {
  if (isApiPath(path) || HASHED_ASSET.test(path)) return false;
  if (accept.includes('text/html')) return true;
  const last = path.split('/').pop() ?? '';
  return !/\.[A-Za-z0-9]{1,8}$/.test(last);
}

export function staticCacheControl(path: string): string {
  if (HASHED_ASSET.test(path)) return LONG_CACHE;
  if (path.endsWith('.html')) return NO_CACHE;
  return SHORT_CACHE;
}

/**
 * @fastify/static's options for the built frontend: files as built, the .br/.gz the build made
 * next to them when the browser accepts one (Content-Encoding and Vary: Accept-Encoding set by
 * the plugin), hashed assets cached for a year, index.html revalidated every time. /api paths
 * are never looked up on disk.
 */
export function spaStaticOptions(frontendDist: string): FastifyStaticOptions {
  const root = resolve(frontendDist);
  return {
    root,
    prefix: '/',
    // A directory (/) is answered with its index.html: with `index: false` @fastify/static
    // answered / with 403 to a client that takes no compression (curl, monitors).
    index: ['index.html'],
    redirect: false,
    wildcard: true,
    preCompressed: true,
    // `/` is a route like the others: answered by spaFallback with its screen's preloads.
    allowedPath: (pathName) => !isApiPath(pathName) && pathName !== '/',
    setHeaders: (reply, filePath) => {
      const path = filePath.slice(root.length).replaceAll('\\', '/').replace(COMPRESSED_SIBLING, '');
      (reply as unknown as FastifyReply).header('Cache-Control', staticCacheControl(path));
    },
  };
}

/** An empty segment (//) or a "." or ".." one (/./, /../, a last /..), raw or percent-escaped. A trailing slash is canonical here (the router ignores it). */
const NON_CANONICAL_SEGMENT = /\/\/|\/(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * `onRequest` hook: a GET for a non-canonical path (/api//users/1, //login) goes to the not-found
 * handler, so a browser gets the app (its not-found page) and an API client the JSON 404.
 * @fastify/static's wildcard route would refuse it with a bare 403 (it fails closed on such paths,
 * as they could slip past a more specific route's guard); no route is reached either way.
 */
export function nonCanonicalToNotFound(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const path = request.url.split('?', 1)[0];
  if ((request.method === 'GET' || request.method === 'HEAD') && NON_CANONICAL_SEGMENT.test(path))
    reply.callNotFound();
  else done();
}

type NotFoundHandler = (req: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Wraps the API's not-found handler: a GET the SPA router owns (deep links like /profile/alice)
 * gets index.html; anything else (/api, a missing asset, another method) the API's JSON 404.
 * With a `render` (server-render.ts) the page comes with its content rendered: a phone paints it
 * before the app's code has run. A protected route without a session cookie is not rendered: the
 * app sends the visitor to /auth.
 */
export function spaFallback(
  frontendDist: string,
  notFound: NotFoundHandler,
  /** Whether the request carries a session: a protected route's preloads, else /auth's. */
  hasSession: (req: FastifyRequest) => boolean = () => true,
  render: PageRenderer | null = null,
): NotFoundHandler {
  const pageFor = routePages(resolve(frontendDist));
  const send = (reply: FastifyReply, page: string, personal: boolean) => {
    // Not returned: a returned reply is a thenable Fastify awaits, and every await of a reply adds
    // 'close' listeners to the response. @fastify/compress compresses it for the client.
    void reply
      // A page rendered for a signed-in visitor holds their data: kept by no cache, as /api is.
      .header('Cache-Control', personal ? 'no-store' : NO_CACHE)
      .header('Vary', 'Cookie') // @fastify/compress adds Accept-Encoding
      .type('text/html; charset=utf-8')
      .send(page);
  };
  return (req, reply) => {
    const path = req.url.split('?', 1)[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isSpaRoute(path, req.headers.accept))
      return notFound(req, reply);
    const signedIn = hasSession(req);
    if (render === null || req.method === 'HEAD' || !pageFor.rendersAs(path, signedIn)) {
      const page = pageFor(path, signedIn);
      if (page === null) return notFound(req, reply);
      send(reply, page, false);
      return;
    }
    // Never rejects: a failed or late render is null, and the plain page is sent.
    void render(req, req.url).then((rendered) => {
      const page = pageFor(path, signedIn, rendered ?? undefined);
      if (page === null) return notFound(req, reply);
      send(reply, page, signedIn && rendered !== null);
    });
  };
}

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** Vite puts content-hashed files under /assets: their name changes whenever their bytes do. */
const HASHED_ASSET = /^\/assets\//;
const LONG_CACHE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=3600';
const NO_CACHE = 'no-cache';

/** The /api namespace is the gateway's own: never answered with the SPA. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
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
 * Serves the built frontend: static files (hashed assets cached for a year, index.html
 * revalidated every time), and index.html for any other GET the SPA router owns, so deep links
 * like /profile/alice load. /api paths pass through to the API (and its JSON 404).
 */
export function spaHandlers(frontendDist: string): RequestHandler[] {
  const root = resolve(frontendDist);
  const indexHtml = join(root, 'index.html');
  const files = express.static(root, {
    index: false,
    redirect: false,
    fallthrough: true,
    setHeaders: (res, filePath) =>
      res.setHeader('Cache-Control', staticCacheControl(filePath.slice(root.length).replaceAll('\\', '/'))),
  });
  const serveStatic: RequestHandler = (req, res, next) =>
    isApiPath(req.path) ? next() : files(req, res, next);
  const fallback = (req: Request, res: Response, next: NextFunction): void => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !isSpaRoute(req.path, req.headers.accept) ||
      !existsSync(indexHtml)
    )
      return next();
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(indexHtml, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
  return [serveStatic, fallback];
}

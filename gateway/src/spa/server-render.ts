import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { INTERNAL_HEADERS, TIME_ZONE_COOKIE } from '@dinebuds/contracts';

/** The visitor's time zone and language, for the page's dates (frontend/src/lib/format.ts). */
interface Zone {
  timeZone?: string;
  locale?: string;
}

/** The app's own page render (frontend/src/entry-server.tsx), as the gateway calls it. */
interface EntryServer {
  renderPage(request: {
    url: string;
    fetch: (url: string, init: RequestInit) => Promise<Response>;
    zone: Zone;
  }): Promise<{ html: string; state: unknown; title: string | null } | null>;
}

/** A page's content as the app renders it, the state the app starts from (JSON text), its title. */
export interface RenderedPage {
  html: string;
  state: string;
  title: string | null;
}

export type PageRenderer = (req: FastifyRequest, url: string) => Promise<RenderedPage | null>;

/** Only the app's own reads: `/api/...`, no scheme, no host, no `//`. */
const API_READ = /^\/api\/[^/]/;

/**
 * Renders the app's pages in the gateway (the server build beside the browser build:
 * `<frontendDist>/../dist-ssr/entry-server.js`), so a phone paints a page's content before the
 * app's code arrives. The render reads through the gateway's own API in this process, as the
 * visitor: their cookie, their address, the route's guards and rate limits, GET only. A render
 * that fails or takes longer than `timeoutMs` gives the plain page (null), which the app fills
 * in itself. Null when there is no server build (an older build, or rendering turned off).
 */
export function serverRenderer(frontendDist: string, timeoutMs: number): PageRenderer | null {
  const modulePath = join(dirname(resolve(frontendDist)), 'dist-ssr', 'entry-server.js');
  if (timeoutMs <= 0 || !existsSync(modulePath)) return null;
  // Loaded once, on the first page: its chunks import the entry by its plain URL, so a second copy
  // (a cache-busting query) would split React's contexts in two. A new build needs a restart.
  let loaded: Promise<EntryServer> | null = null;
  const entry = () => (loaded ??= import(pathToFileURL(modulePath).href) as Promise<EntryServer>);

  return async (req, url) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((done) => {
      timer = setTimeout(() => done(null), timeoutMs);
    });
    try {
      const render = entry().then((app) => app.renderPage({ url, fetch: readAs(req), zone: zoneOf(req) }));
      // A late render still finishes (its reads are the visitor's own); its page is not waited for.
      render.catch(() => undefined);
      const page = await Promise.race([render, late]);
      return page && { html: page.html, state: JSON.stringify(page.state), title: page.title ?? null };
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The visitor's reads, answered by this gateway's API in the process (`inject`), under the page
 * request's id: the page's line and its reads' lines and RPCs share one id.
 */
function readAs(req: FastifyRequest) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    if ((init.method ?? 'GET') !== 'GET' || !API_READ.test(url))
      throw new Error('A server render only reads /api');
    const answer = await req.server.inject({
      method: 'GET',
      url,
      headers: {
        accept: 'application/json',
        [INTERNAL_HEADERS.requestId]: req.id,
        'user-agent': req.headers['user-agent'] ?? '',
        ...(req.headers.cookie && { cookie: req.headers.cookie }),
      },
      remoteAddress: req.ip,
    });
    const type = answer.headers['content-type'];
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };
}

/** The visitor's time zone (the app's cookie) and first language, each only when valid. */
export function zoneOf(req: Pick<FastifyRequest, 'cookies' | 'headers'>): Zone {
  const zone: Zone = {};
  const timeZone = req.cookies?.[TIME_ZONE_COOKIE];
  if (timeZone && timeZone.length <= 64 && isTimeZone(timeZone)) zone.timeZone = timeZone;
  const language = req.headers['accept-language']?.split(',', 1)[0]?.split(';', 1)[0]?.trim();
  const locale = language && language.length <= 35 ? localeOf(language) : null;
  if (locale) zone.locale = locale;
  return zone;
}

const TEXTS_REMEMBERED = 500;

/**
 * Answers for cookie and header texts seen before: otherwise each page builds two Intl formatters
 * only to check a time zone and resolve a locale, and throws them away. Bounded, because each
 * visitor chooses the text.
 */
function remembered<T>(answer: (text: string) => T): (text: string) => T {
  const known = new LRUCache<string, { value: T }>({ max: TEXTS_REMEMBERED });
  return (text) => {
    let entry = known.get(text);
    if (!entry) {
      entry = { value: answer(text) };
      known.set(text, entry);
    }
    return entry.value;
  };
}

const isTimeZone = remembered((value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
});

/**
 * The locale Intl formats with for `value`, or null when Intl has none. The resolved one, not the
 * header's text: the render keeps a formatter per locale, and a header's private-use subtags
 * (`en-x-1`, `en-x-2`, ...) would otherwise make a new one per request. The dates are the same.
 */
const localeOf = remembered((value: string): string | null => {
  try {
    if (Intl.DateTimeFormat.supportedLocalesOf([value]).length === 0) return null;
    return new Intl.DateTimeFormat(value).resolvedOptions().locale;
  } catch {
    return null;
  }
});

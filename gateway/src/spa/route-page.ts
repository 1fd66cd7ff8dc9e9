import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import escapeHtml from 'escape-html';
import type { RenderedPage } from './server-render.js';

/** One route of the build's dist/route-preloads.json (frontend/build/route-preloads.ts). */
interface RoutePreload {
  path: string;
  signedIn: boolean;
  data: string | null;
  scripts: string[];
  styles: string[];
}

/** Only what the build writes: hashed asset paths and /api paths with :params. */
const SAFE_PATH = /^\/[A-Za-z0-9/_.:-]*$/;
/** A parameter's value that may go into a preload URL as it is (ids, usernames). */
const SAFE_SEGMENT = /^[A-Za-z0-9_.-]+$/;

/** The route's `:param` values when `path` matches its pattern, else null. */
export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = have[i];
    else if (want[i] !== have[i]) return null;
  }
  return params;
}

/** The `<link>` tags that start a route's chunks, styles and first read with index.html. */
export function preloadTags(route: RoutePreload, params: Record<string, string>): string {
  const tags: string[] = [];
  for (const src of route.scripts)
    if (SAFE_PATH.test(src)) tags.push(`<link rel="modulepreload" crossorigin href="${src}">`);
  // Preload, not stylesheet: the screen's code inserts the stylesheet; the first paint does not wait.
  for (const href of route.styles)
    if (SAFE_PATH.test(href)) tags.push(`<link rel="preload" as="style" crossorigin href="${href}">`);
  const url = dataUrl(route, params);
  // The app's fetch sends credentials ('include'): the preload must too, or it is not reused.
  if (url !== null) tags.push(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`);
  return tags.join('');
}

/** `#root`'s static content in index.html (the layout's top bar), up to the end of the body. */
const ROOT_CONTENT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/** Data for the app (`takePageData` in frontend/src/lib/server-state.ts); no `<` can end it. */
const jsonScript = (id: string, json: string) =>
  `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;

/**
 * The page with the app's content rendered in `#root` and the state the app starts from in a
 * `<script type="application/json">` (`frontend/src/lib/server-state.ts`). `<` is escaped so no
 * text in the state can close the script element. Replacers are functions: a `$` in the content
 * (a price range) is text, not a pattern.
 */
export function withRenderedContent(page: string, rendered: RenderedPage, chunks: string[] = []): string {
  // The screen's chunks, for the app to start a few per task (frontend/src/lib/screen-chunks.ts).
  const safeChunks = chunks.filter((file) => SAFE_PATH.test(file));
  const chunkList = safeChunks.length ? jsonScript('screen-chunks', JSON.stringify(safeChunks)) : '';
  return withTitle(page, rendered.title).replace(
    ROOT_CONTENT,
    (_, end: string) =>
      `<div id="root">${rendered.html}</div>${jsonScript('server-state', rendered.state)}${chunkList}${end}`,
  );
}

/** index.html's `<title>`: the app's name, until a screen sets its own. */
const PAGE_TITLE = /<title>[^<]*<\/title>/;

/**
 * The screen's title in the head, and as `og:title`: a shared link (a restaurant's page) is
 * previewed by crawlers that run no script, from this head alone. Restaurant names are diners'
 * text, so the title is escaped.
 */
function withTitle(page: string, title: string | null): string {
  if (!title) return page;
  const text = escapeHtml(title);
  return page.replace(PAGE_TITLE, () => `<title>${text}</title><meta property="og:title" content="${text}">`);
}

/**
 * index.html for a deep link, with `<link rel="modulepreload">` for the requested route's screen
 * (and a preload of its first API read), from the build's route-preloads.json: the screen's code
 * downloads alongside the entry instead of after the entry has run. A protected route without a
 * session cookie gets /auth's, where ProtectedRoute sends the visitor. Pages are built once per
 * route and kept until index.html changes (a new build); null when there is no index.html.
 * With `rendered` (the gateway rendered the page, `server-render.ts`) the page carries the
 * content and the app's state instead of the preloads, and the route's styles as stylesheets, so
 * the content paints styled before any script runs.
 */
export function routePages(frontendDist: string) {
  const indexPath = join(frontendDist, 'index.html');
  const preloadsPath = join(frontendDist, 'route-preloads.json');
  let builtAt = -1;
  let indexHtml = '';
  let routes: RoutePreload[] = [];
  const pages = new Map<string, string>();

  function refresh(): boolean {
    let mtime: number;
    try {
      mtime = statSync(indexPath).mtimeMs;
    } catch {
      return false;
    }
    if (mtime === builtAt) return true;
    indexHtml = readFileSync(indexPath, 'utf8');
    try {
      routes = (JSON.parse(readFileSync(preloadsPath, 'utf8')) as { routes: RoutePreload[] }).routes;
    } catch {
      routes = []; // An older build without the file: index.html as it is.
    }
    pages.clear();
    builtAt = mtime;
    return true;
  }

  /** A protected route asked for without a session: the app sends the visitor to /auth. */
  const sentToAuth = (route: RoutePreload | undefined, signedIn: boolean) =>
    Boolean(route?.signedIn && !signedIn);

  function routeFor(path: string, signedIn: boolean): RoutePreload | undefined {
    const route = routes.find((candidate) => matchRoute(candidate.path, path));
    if (sentToAuth(route, signedIn)) return routes.find((candidate) => candidate.path === '/auth');
    return route;
  }

  const pageFor = (path: string, signedIn: boolean, rendered?: RenderedPage): string | null => {
    if (!refresh()) return null;
    const route = routeFor(path, signedIn);
    if (rendered) {
      // Stylesheets first: they block the first paint, and would otherwise queue behind the chunks.
      // The screen's chunks are not preloaded here: the content is already in the page, and on a
      // slow link its ~30 chunks starting with the HTML took the bandwidth from the stylesheets
      // (Lighthouse LCP 2.5-3.2 s with them at the end of the body, 1.9-2.0 s without, 2026-11-27;
      // on the restaurant page 2.65-3.19 s against 2.03-2.19 s). The page lists them instead, and
      // the app starts them, a few per task, once it runs.
      const tags = route ? stylesheetTags(route) : '';
      return withRenderedContent(
        indexHtml.replace('</head>', () => `${tags}</head>`),
        rendered,
        route?.scripts,
      );
    }
    if (!route) return indexHtml;
    const params = matchRoute(route.path, path) ?? {};
    let page = route.data ? undefined : pages.get(route.path);
    if (page === undefined) {
      page = indexHtml.replace('</head>', `${preloadTags(route, params)}</head>`);
      // Pages with a parameter in their data preload differ per id: not kept.
      if (!route.data) pages.set(route.path, page);
    }
    return page;
  };
  /**
   * Whether the page is worth rendering on the server: a build is there, and the route is not a
   * protected one asked for without a session (the app sends that visitor to /auth).
   */
  pageFor.rendersAs = (path: string, signedIn: boolean): boolean => {
    if (!refresh()) return false;
    return !sentToAuth(
      routes.find((candidate) => matchRoute(candidate.path, path)),
      signedIn,
    );
  };
  return pageFor;
}

function dataUrl(route: RoutePreload, params: Record<string, string>): string | null {
  if (!route.data || !SAFE_PATH.test(route.data)) return null;
  if (!Object.values(params).every((value) => SAFE_SEGMENT.test(value))) return null;
  return route.data.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
}

function stylesheetTags(route: RoutePreload): string {
  return route.styles
    .filter((href) => SAFE_PATH.test(href))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('');
}

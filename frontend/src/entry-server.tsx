/**
 * The app rendered on the server (built by `vite build --ssr` into dist-ssr/, loaded by the
 * gateway: gateway/src/spa/server-render.ts). A phone then paints the page's content with the
 * stylesheet, before any of the app's code has arrived, and the app hydrates it (`main.tsx`)
 * instead of drawing it again.
 *
 * The page is rendered until it asks for nothing new: each pass renders the tree, and the reads
 * its screens asked for (the session, then what the session unlocks) are made through the
 * gateway's own API with the visitor's cookie, then the next pass renders with them. A page
 * whose reads fail, or that keeps asking after a few passes, is not rendered (null): the browser
 * gets the plain page and the app reads for itself, as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import { dehydrate, QueryClient, type DefaultError, type Query, type QueryKey } from '@tanstack/react-query';
import { setTransport, type Transport } from '@/lib/api';
import { withFormatZone, type FormatZone } from '@/lib/format';
import { queryClientConfig } from '@/lib/query-client';
import { collectTitle } from '@/hooks/use-document-title';
import { AppProvider } from './app/provider';
import { appRoutes, screenOf, SIGNED_IN_ROUTE, SIGNED_OUT_ROUTE } from './app/router';
import { currentUserQueryKey } from './features/auth/api/get-current-user';
import type { ServerState } from './lib/server-state';

/** What the gateway hands over for one page. */
export interface ServerRenderRequest {
  /** The page's path and query (`/profile?tab=map`). */
  url: string;
  /** Reads `/api/...` as the visitor (their cookie, their address). GET only. */
  fetch: Transport;
  /** The visitor's time zone and language, for the page's dates. */
  zone: FormatZone;
}

/** The rendered page: the markup of `#root`, the state the app starts from, and its title. */
export interface ServerRender {
  html: string;
  state: ServerState;
  /** What the screen sets as the document's title (`useDocumentTitle`); null when it sets none. */
  title: string | null;
}

/** Each pass can only unlock the next (the session, then the screen's reads, then theirs). */
const MAX_PASSES = 4;

const requestFetch = new AsyncLocalStorage<Transport>();
setTransport((url, init) => {
  const fetch = requestFetch.getStore();
  if (!fetch) return Promise.reject(new Error('A read outside a server render'));
  return fetch(url, init);
});

/**
 * A query client that notes which reads the rendered components asked for and were allowed to
 * make (`enabled`): a render on the server starts none of them itself.
 */
class DiscoveringQueryClient extends QueryClient {
  readonly asked = new Set<string>();

  override defaultQueryOptions: QueryClient['defaultQueryOptions'] = (options) => {
    const defaulted = super.defaultQueryOptions(options);
    if (defaulted.enabled !== false && typeof defaulted.enabled !== 'function' && defaulted.queryHash)
      this.asked.add(defaulted.queryHash);
    return defaulted;
  };

  /** The reads asked for in the last pass that have no answer yet. */
  unanswered(): Query<unknown, DefaultError, unknown, QueryKey>[] {
    return this.getQueryCache()
      .getAll()
      .filter((query) => this.asked.has(query.queryHash) && query.state.status === 'pending');
  }

  /** Waits for the reads under way, and for those they lead to (a loader's chain of reads). */
  async inFlightSettled(): Promise<void> {
    for (let round = 0; round < MAX_PASSES && this.isFetching() > 0; round += 1) {
      const fetching = this.getQueryCache()
        .getAll()
        .filter((query) => query.state.fetchStatus === 'fetching');
      // A query's fetch() while it is fetching is the fetch under way, not a new one.
      await Promise.allSettled(fetching.map((query) => query.fetch()));
    }
  }

  failed(): boolean {
    return this.getQueryCache()
      .getAll()
      .some((query) => this.asked.has(query.queryHash) && query.state.status === 'error');
  }
}

export async function renderPage(request: ServerRenderRequest): Promise<ServerRender | null> {
  return requestFetch.run(request.fetch, async () => {
    const queryClient = new DiscoveringQueryClient(serverConfig());
    const handler = createStaticHandler(appRoutes(queryClient));
    const context = await handler.query(new Request(new URL(request.url, 'http://dinebuds.local')));
    if (context instanceof Response) return null; // No loader redirects; nothing to render.
    const screen = screenOf(context.matches.at(-1));
    if (screen) await screen.preload();
    // The loaders started the session read and the screen's first reads: with their answers in,
    // the first pass already renders the screen rather than the session's spinner.
    await queryClient.inFlightSettled();
    const router = createStaticRouter(handler.dataRoutes, context);

    // Screens that send the visitor elsewhere at once (a protected one without a session, the
    // sign-in screen with one): a static render cannot move, the app does.
    const on = (id: string) => context.matches.some((match) => match.route.id === id);
    const movesOn = () => {
      const session = queryClient.getQueryData(currentUserQueryKey);
      return (session === null && on(SIGNED_IN_ROUTE)) || (Boolean(session) && on(SIGNED_OUT_ROUTE));
    };

    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      if (movesOn()) return null;
      queryClient.asked.clear();
      const { result: html, title } = collectTitle(() =>
        withFormatZone(request.zone, () => renderToString(page(queryClient, router, context))),
      );
      if (queryClient.failed()) return null; // The app shows errors with a retry: its own render.
      const unanswered = queryClient.unanswered();
      if (unanswered.length === 0) {
        if (movesOn()) return null;
        return { html, title, state: { queries: dehydrate(queryClient), loaderData: context.loaderData } };
      }
      await Promise.allSettled(unanswered.map((query) => query.fetch()));
    }
    return null;
  });
}

function page(
  queryClient: QueryClient,
  router: ReturnType<typeof createStaticRouter>,
  context: StaticHandlerContext,
) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
}

/** The app's cache settings, with failed reads not retried: the page is waiting for them. */
function serverConfig() {
  const config = queryClientConfig();
  return {
    ...config,
    defaultOptions: { ...config.defaultOptions, queries: { ...config.defaultOptions.queries, retry: false } },
  };
}

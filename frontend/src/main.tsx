import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { evaluateChunks, preloadChunks, takeScreenChunks } from '@/lib/screen-chunks';
import { takeServerState, type ServerState } from '@/lib/server-state';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { rememberTimeZoneWhenSettled } from '@/lib/time-zone';
import { hydrationStarts } from '@/hooks/use-hydrated';
import { App } from './app';
import { createAppRouter, currentScreen } from './app/router';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
rememberTimeZoneWhenSettled();

// Four tasks, none long on a phone's CPU: this module's evaluation (with the entry's), then the
// query cache with the page's reads, then the router's set-up and first navigation (route table,
// history, the matched loaders), then React's first render. Together the middle two were one task
// of 16-40 ms in Lighthouse's traces of a phone (64-160 ms there). The first render is a
// transition: React renders it in slices of ~5 ms and yields to the browser between them.
setTimeout(() => {
  const queryClient = createQueryClient();
  // A page the gateway rendered (gateway/src/spa/server-render.ts) comes with the reads it was
  // rendered from and the router's loader data: the app starts from both, asks for nothing again,
  // and hydrates the content on screen instead of drawing it anew.
  const served = takeServerState();
  if (served) hydrate(queryClient, served.queries);
  void yieldToBrowser().then(() => startApp(queryClient, served, root));
}, 0);

function startApp(queryClient: QueryClient, served: ServerState | null, container: HTMLElement) {
  const router = createAppRouter(queryClient, served ? { loaderData: served.loaderData } : undefined);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
  if (!served) {
    // The static top bar in index.html stays on screen until the first render commits.
    startTransition(() => createRoot(container).render(app));
    return;
  }
  // Hydration must see the tree the server rendered, so the screen's code is in before it starts;
  // as a transition it runs in slices too. The screen's chunks start a few per task (the gateway
  // lists them): Vite's preload helper adds a <link> per chunk (~20-40) in one task, the longest
  // of a phone's load; it then finds them all in the head. They then run a few per task, so the
  // screen's import runs its own module only.
  const start = () => {
    hydrationStarts();
    startTransition(() => void hydrateRoot(container, app));
  };
  const screen = currentScreen(router);
  const chunks = takeScreenChunks();
  if (screen)
    setTimeout(
      () =>
        void preloadChunks(chunks)
          .then(() => evaluateChunks(chunks))
          .then(() => screen.preload())
          .then(start, start),
      0,
    );
  else start();
}

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@/lib/query-client';
import { hasServerContent } from '@/lib/route-data';
import { App } from './app';
import { createAppRouter, currentScreen } from './app/router';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// Three tasks, none long on a phone's CPU: this module's evaluation (with the entry's), then the
// router's set-up and first navigation (route table, history, the matched loaders), then React's
// first render. The first render is a transition: React renders it in slices of ~5 ms and yields
// to the browser between them. The static top bar in index.html stays on screen until it commits.
setTimeout(() => {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  const render = () =>
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>,
      );
    });
  // When the gateway drew the page's content (the public restaurant page), the first render waits
  // for the screen's code (preloaded with the entry), so it replaces that content with the same
  // content rather than with a spinner.
  const screen = hasServerContent() ? currentScreen(router) : undefined;
  if (screen) void screen.preload().then(render, render);
  else render();
}, 0);

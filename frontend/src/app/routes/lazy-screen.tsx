import { lazy, Suspense, type ComponentType } from 'react';
import { PageSpinner } from '@/components/ui/spinner';

export interface LazyScreen {
  /** The route element: the screen once its chunk is in, a spinner inside the layout until then. */
  element: React.ReactElement;
  /** Starts fetching the chunk (idempotent: the browser and the bundler cache the module). */
  preload: () => Promise<unknown>;
}

/**
 * A screen whose code is its own chunk. Rendering it through React.lazy (not the router's `lazy`)
 * lets the layout paint at once while only the outlet waits; the route's loader calls `preload`
 * so the chunk and the screen's first data requests start together, at navigation time.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  const Screen = lazy(() => load().then((module) => ({ default: pick(module) })));
  return {
    element: (
      <Suspense fallback={<PageSpinner />}>
        <Screen />
      </Suspense>
    ),
    preload: load,
  };
}

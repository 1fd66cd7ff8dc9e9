import { lazy, Suspense, useState, type ComponentType } from 'react';
import { PageSpinner } from '@/components/ui/spinner';

export interface LazyScreen {
  /** The route element: the screen once its chunk is in, a spinner inside the layout until then. */
  element: React.ReactElement;
  /** Starts fetching the chunk; later calls share the first (until one fails). */
  preload: () => Promise<unknown>;
}

/**
 * A screen whose code is its own chunk. Rendering it through React.lazy (not the router's `lazy`)
 * lets the layout paint at once while only the outlet waits; the route's loader calls `preload`
 * so the chunk and the screen's first data requests start together, at navigation time. A screen
 * whose chunk is already in when it mounts renders at once: React.lazy would suspend on a fresh
 * promise and commit the spinner first, in place of content the gateway drew in the page.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  let loaded: ComponentType | null = null;
  // One load per screen: each call of `load` runs Vite's preload helper over all of the screen's
  // chunks (~40 URL resolutions), and every navigation's loaders call this, a search-parameter
  // change included (15-30 ms of Discover's choosing a city on a phone). A failed load is tried anew.
  let loading: Promise<M> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((module) => ({ default: pick(module) })));
  function Screen() {
    // Chosen once per mount: switching from Lazy to the loaded component would remount the screen.
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready />;
    return (
      <Suspense fallback={<PageSpinner />}>
        <Lazy />
      </Suspense>
    );
  }
  return { element: <Screen />, preload };
}

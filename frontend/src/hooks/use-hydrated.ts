import { startTransition, useEffect, useState } from 'react';

/**
 * False while the server renders and while the app hydrates the page it rendered, true after (and
 * at once in an app the browser renders itself): for parts that exist only in the browser, so the
 * first render in the browser matches the server's and React renders them right after.
 * The flip is a transition started once the hydration has committed. A store that differs from its
 * server snapshot (`useSyncExternalStore`) would re-render synchronously inside the hydration's
 * commit, and take the commit's passive effects (every query subscription) into that task with it:
 * 26 ms of /profile's longest task in Lighthouse's trace of a phone, 2026-11-27.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !rendersServerPage());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** On the server every render is one; in the browser, until the hydration has committed. */
let serverPage = typeof window === 'undefined';

/** main.tsx: the app is about to hydrate a page the gateway rendered. */
export function hydrationStarts(): void {
  serverPage = true;
}

/** The app's first commit (`App`): later mounts are the browser's own renders. */
export function hydrationCommitted(): void {
  serverPage = false;
}

/**
 * Whether the component is mounting as part of a page the server rendered (the server's render,
 * or the browser's hydration of it), read once at mount and never subscribed to: a component may
 * start from content the server already drew instead of deferring it, with no re-render after.
 */
export function rendersServerPage(): boolean {
  return serverPage;
}

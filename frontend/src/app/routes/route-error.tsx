import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { claimStaleChunkReload, isChunkLoadError } from './stale-chunk';

/**
 * Last resort when a screen throws while rendering. A screen's chunk that fails to load is most
 * likely gone after a deploy: the page reloads once to pick up the new version.
 */
export function RouteError() {
  const error = useRouteError();
  const staleChunk = isChunkLoadError(error);
  const reloading = staleChunk && typeof window !== 'undefined' && claimOnce(error);
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  if (reloading) return null;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unexpected error';
  return (
    <div className="page page--centered">
      <div className="state state--error" role="alert">
        <div className="state__icon" aria-hidden="true">
          <AlertTriangle />
        </div>
        <h1 className="state__title state__title--large">Something went wrong</h1>
        <p className="state__description">{message}</p>
        <div className="state__action">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="outline" asChild>
            <a href="/">Go Back Home</a>
          </Button>
        </div>
      </div>
    </div>
  );
}

/** One claim per error object, so a re-render does not spend the reload or claim it twice. */
const claimed = new WeakMap<object, boolean>();
function claimOnce(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return claimStaleChunkReload(window.sessionStorage);
  let answer = claimed.get(error);
  if (answer === undefined) {
    answer = claimStaleChunkReload(window.sessionStorage);
    claimed.set(error, answer);
  }
  return answer;
}

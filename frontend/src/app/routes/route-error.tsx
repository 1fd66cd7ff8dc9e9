import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Last resort when a screen throws while rendering. */
export function RouteError() {
  const error = useRouteError();
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

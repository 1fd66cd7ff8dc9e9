import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import type { ScreenState } from '@/lib/screen-state';

interface QueryScreenProps<Ready extends object> {
  state: ScreenState<Ready>;
  /** The spinner's accessible name, e.g. "Loading profile". */
  loadingLabel: string;
  notFoundTitle: string;
  notFoundDescription: string;
  errorTitle: string;
  children: (ready: Ready) => ReactNode;
}

/**
 * The page-level frame of a screen that loads one thing (a profile, a restaurant): the same
 * spinner, "not found" page with a way home, and retryable error on every such screen.
 */
export function QueryScreen<Ready extends object>({
  state,
  loadingLabel,
  notFoundTitle,
  notFoundDescription,
  errorTitle,
  children,
}: QueryScreenProps<Ready>) {
  switch (state.status) {
    case 'loading':
      return <PageSpinner label={loadingLabel} />;
    case 'not-found':
      return (
        <div className="page page--centered">
          <EmptyState
            icon={<SearchX />}
            title={notFoundTitle}
            description={notFoundDescription}
            action={
              <Button asChild>
                <Link to="/">Go Back Home</Link>
              </Button>
            }
          />
        </div>
      );
    case 'error':
      return (
        <div className="page">
          <ErrorState
            title={errorTitle}
            message={state.message}
            onRetry={state.retry}
            retrying={state.retrying}
          />
        </div>
      );
    case 'ready':
      return children(state);
  }
}

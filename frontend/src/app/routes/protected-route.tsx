import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ErrorState } from '@/components/ui/states';
import { PageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/get-current-user';

/** Spinner while the session loads; /auth when nobody is signed in (spec 2 §2). */
export function ProtectedRoute() {
  const session = useCurrentUser();
  const location = useLocation();

  if (session.isPending) return <PageSpinner label="Loading your session" />;
  if (session.isError) {
    return (
      <div className="page">
        <ErrorState
          title="We couldn't check your session"
          message={session.error.message}
          onRetry={() => void session.refetch()}
          retrying={session.isFetching}
        />
      </div>
    );
  }
  if (!session.data) {
    return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

import { Link } from 'react-router-dom';
import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorState, EmptyState } from '@/components/ui/states';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useProfileUser } from '../hooks/use-profile-user';
import { ProfileView } from './profile-view';

/** `/`, `/profile` and `/profile/{username}`. */
export function ProfileScreen() {
  const state = useProfileUser();
  useDocumentTitle(state.status === 'ready' ? state.user.name || state.user.username : 'Profile');

  switch (state.status) {
    case 'loading':
      return <PageSpinner label="Loading profile" />;
    case 'not-found':
      return (
        <div className="page page--centered">
          <EmptyState
            icon={<SearchX />}
            title="User Not Found"
            description="The user you're looking for doesn't exist or has been removed."
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
            title="Couldn't load this profile"
            message={state.message}
            onRetry={state.retry}
            retrying={state.retrying}
          />
        </div>
      );
    case 'ready':
      // Keyed by user, so opening another profile starts with closed dialogs and fresh state.
      return <ProfileView key={state.user.id} user={state.user} isOwn={state.isOwn} />;
  }
}

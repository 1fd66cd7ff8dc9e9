import { Link } from 'react-router-dom';
import { Search } from 'lucide-react';
import { BackButton } from '@/components/back-button';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/features/auth';
import { Inbox } from './inbox';

/**
 * /messages (spec 2 §Messages inbox): the conversations. A login-required route (spec 2's route
 * table): signed out, ProtectedRoute sends the visitor to /auth before this renders.
 */
export function MessagesScreen() {
  useDocumentTitle('Messages');
  const session = useCurrentUser();
  if (session.isPending) return <PageSpinner label="Loading your session" />;
  const me = session.data;
  return (
    <div className="page messages-page">
      <header className="page-header">
        <BackButton />
        <div className="page-header__text">
          <h1 className="page-header__title">Messages</h1>
        </div>
      </header>
      {me ? (
        <Inbox
          meId={me.id}
          emptyAction={
            <Button asChild>
              <Link to="/search">
                <Search aria-hidden="true" />
                Find People
              </Link>
            </Button>
          }
        />
      ) : null}
    </div>
  );
}

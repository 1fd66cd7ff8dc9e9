import { useEffect } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { LogIn } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { FeedbackButton } from '@/features/feedback';
import { recordVisit } from '@/lib/nav-history';
import { BottomNav } from './bottom-nav';
import { Logo } from './logo';

export function AppLayout() {
  const location = useLocation();
  const session = useCurrentUser();
  const onAuth = location.pathname === '/auth';
  const signedIn = Boolean(session.data);
  const showSignIn = !onAuth && session.data === null;
  const showNav = !onAuth && signedIn;

  useEffect(() => {
    recordVisit(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  return (
    <div className={showNav ? 'app app--with-nav' : 'app'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <Link to="/" className="topbar__brand" aria-label="DineBuds home">
            <Logo />
          </Link>
          {showSignIn ? (
            <Button asChild size="sm">
              <Link to="/auth" state={{ from: `${location.pathname}${location.search}` }}>
                <LogIn aria-hidden="true" />
                Sign In
              </Link>
            </Button>
          ) : null}
        </div>
      </header>
      <main id="main" className="main">
        <Outlet />
      </main>
      {showNav ? <BottomNav /> : null}
      {showNav ? <FeedbackButton /> : null}
      <ScrollRestoration />
    </div>
  );
}

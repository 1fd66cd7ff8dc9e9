import { lazy, Suspense, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Tabs } from '@/components/ui/tabs';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { useCurrentUser, useSetCurrentUser } from '../api/get-current-user';
import { BrandPanel } from './brand-panel';
import { LoginForm } from './login-form';
import '../auth.css';

// Most visits sign in: the registration form (and its preferences dialog with the city catalogue)
// loads when the Register tab is pointed at, focused or opened.
const loadRegisterForm = () => import('./register-form');
const RegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));
const preloadRegisterForm = () => void loadRegisterForm().catch(() => undefined);

type AuthTab = 'login' | 'register';

function safeDestination(from: unknown): string {
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('/auth') &&
    !from.startsWith('//')
    ? from
    : '/';
}

/** /auth: Login and Register tabs beside the brand panel. Signed-in visitors go to /. */
export function AuthScreen() {
  const session = useCurrentUser();
  const setCurrentUser = useSetCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [tab, setTab] = useState<AuthTab>('login');
  // Set when this screen signs someone in, so the redirect below does not race our own navigation.
  const completing = useRef(false);
  const from = (location.state as { from?: unknown } | null)?.from;

  if (session.data && !completing.current) return <Navigate to="/" replace />;
  if (session.isPending) return <PageSpinner label="Loading your session" />;

  const signedIn = (user: CurrentUserDto, destination: string) => {
    completing.current = true;
    setCurrentUser(user);
    void navigate(destination, { replace: true });
  };

  return (
    <div className="auth">
      <BrandPanel />
      <section className="auth__card card" aria-label="Sign in or register">
        <Tabs.Root className="tabs" value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
          <Tabs.List className="tabs__list tabs__list--full" aria-label="Account">
            <Tabs.Trigger className="tabs__trigger" value="login">
              Login
            </Tabs.Trigger>
            <Tabs.Trigger
              className="tabs__trigger"
              value="register"
              onPointerEnter={preloadRegisterForm}
              onFocus={preloadRegisterForm}
            >
              Register
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="login" className="tabs__content">
            <h2 className="auth__title">Welcome back</h2>
            <p className="muted auth__subtitle">Sign in to see what your buds are eating.</p>
            <LoginForm onSuccess={(user) => signedIn(user, safeDestination(from))} />
          </Tabs.Content>
          <Tabs.Content value="register" className="tabs__content">
            <h2 className="auth__title">Create your account</h2>
            <p className="muted auth__subtitle">Join DineBuds and start collecting badges.</p>
            <Suspense fallback={<Spinner label="Loading the registration form" />}>
              <RegisterForm onSuccess={(user) => signedIn(user, '/profile')} />
            </Suspense>
          </Tabs.Content>
        </Tabs.Root>
        <p className="auth__legal">
          By continuing you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </section>
    </div>
  );
}

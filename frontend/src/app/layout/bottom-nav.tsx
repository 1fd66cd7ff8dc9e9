import { Link, useLocation } from 'react-router-dom';
import { Compass, Home, User, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
// The app layer may read a feature's files directly: the badge stays out of messaging's chunks.
import { UnreadBadge } from '@/features/messages/components/unread-badge';
import { cn } from '@/lib/cn';

interface NavEntry {
  to: string;
  label: string;
  icon: LucideIcon;
  isActive: (pathname: string, ownUsername: string | undefined) => boolean;
}

/** Spec 2 §2: Feed (/), Discover, Find Buds (/social) and Profile; Settings is in the profile's menu. */
const ENTRIES: NavEntry[] = [
  { to: '/', label: 'Feed', icon: Home, isActive: (path) => path === '/' },
  { to: '/discover', label: 'Discover', icon: Compass, isActive: (path) => path === '/discover' },
  { to: '/social', label: 'Find Buds', icon: Users, isActive: (path) => path === '/social' || path === '/search' },
  {
    to: '/profile',
    label: 'Profile',
    icon: User,
    isActive: (path, own) =>
      path === '/profile' ||
      path === '/edit-badges' ||
      (own !== undefined && path.toLowerCase() === `/profile/${own.toLowerCase()}`),
  },
];

export function BottomNav() {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul className="bottom-nav__list">
        {ENTRIES.map(({ to, label, icon: Icon, isActive }) => {
          const active = isActive(pathname, user?.username);
          return (
            <li key={to}>
              <Link
                to={to}
                className={cn('bottom-nav__link', active && 'bottom-nav__link--active')}
                aria-current={active ? 'page' : undefined}
              >
                <Icon aria-hidden="true" />
                <span>{label}</span>
                {/* Unread messages on the entry whose screen has the Messages tab (spec 2 §9: 99+). */}
                {to === '/social' ? <UnreadBadge className="bottom-nav__badge" /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

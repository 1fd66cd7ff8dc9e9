import { Link, useLocation } from 'react-router-dom';
import { Home, Settings, User, Users } from 'lucide-react';
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

/**
 * Spec 2 §2 lists Feed, Discover, Find Buds and Profile. Only screens that exist are listed;
 * Feed (/) shows the own profile until the feed issue lands, and Discover joins later.
 */
const ENTRIES: NavEntry[] = [
  { to: '/', label: 'Home', icon: Home, isActive: (path) => path === '/' },
  { to: '/social', label: 'Find Buds', icon: Users, isActive: (path) => path === '/social' },
  {
    to: '/profile',
    label: 'Profile',
    icon: User,
    isActive: (path, own) =>
      path === '/profile' ||
      path === '/edit-badges' ||
      (own !== undefined && path.toLowerCase() === `/profile/${own.toLowerCase()}`),
  },
  { to: '/settings', label: 'Settings', icon: Settings, isActive: (path) => path === '/settings' },
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

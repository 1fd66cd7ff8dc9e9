import { useUnreadCount } from '../api/get-unread-count';
import { badgeCount } from '../lib/message-text';

/**
 * The unread-messages badge (spec 2: on the Messages tab and the navigation), "99+" above 99,
 * hidden at 0. Carries no CSS of its own: the place that shows it styles `className`.
 */
export function UnreadBadge({ className = 'count-badge' }: { className?: string }) {
  const count = useUnreadCount();
  if (count === 0) return null;
  return (
    <span className={className} data-testid="unread-badge">
      <span aria-hidden="true">{badgeCount(count)}</span>
      <span className="sr-only">{`, ${count} unread`}</span>
    </span>
  );
}

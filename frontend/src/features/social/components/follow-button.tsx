import { useState } from 'react';
import { Clock, UserCheck, UserMinus, UserPlus } from 'lucide-react';
import type { FollowStatus } from '@dinebuds/contracts';
import { useFollowStatus } from '../api/get-follow-status';
import { useToggleFollow, type FollowTarget } from '../api/toggle-follow';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import '../social.css';

interface FollowButtonProps {
  user: FollowTarget;
  size?: 'sm' | 'md';
  /** A status already known from a list (skips the per-user status call while fresh). */
  initialStatus?: FollowStatus;
  className?: string;
}

/**
 * Spec 1 §4: Follow / Following / Requested. Hovering or focusing Following shows Unfollow; the
 * button is disabled while a call runs; nothing renders for anonymous visitors or on oneself.
 */
export function FollowButton({ user, size = 'md', initialStatus, className }: FollowButtonProps) {
  const { enabled, query, status } = useFollowStatus(user.id, initialStatus);
  const toggle = useToggleFollow(user);
  // Hovered or focused: Following then reads Unfollow, saying what a click does.
  const [hot, setHot] = useState(false);

  if (!enabled) return null;
  const classes = cn('follow-button', className);

  if (status === undefined) {
    if (query.isError) {
      return (
        <Button
          variant="outline"
          size={size}
          className={classes}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          title={query.error.message}
        >
          Retry
        </Button>
      );
    }
    return (
      <Button variant="outline" size={size} className={classes} loading aria-label="Loading follow status">
        Follow
      </Button>
    );
  }

  const pending = toggle.isPending;
  const unfollowHint = status === 'following' && hot && !pending;
  const label =
    status === 'not_following'
      ? 'Follow'
      : status === 'requested'
        ? 'Requested'
        : unfollowHint
          ? 'Unfollow'
          : 'Following';
  const Icon =
    status === 'not_following'
      ? UserPlus
      : status === 'requested'
        ? Clock
        : unfollowHint
          ? UserMinus
          : UserCheck;

  return (
    <Button
      variant={status === 'not_following' ? 'primary' : status === 'requested' ? 'secondary' : 'outline'}
      size={size}
      className={cn(classes, unfollowHint && 'follow-button--unfollow')}
      loading={pending}
      data-status={status}
      title={status === 'requested' ? 'Follow request sent. Click to cancel it.' : undefined}
      onPointerEnter={() => setHot(true)}
      onPointerLeave={() => setHot(false)}
      onFocus={() => setHot(true)}
      onBlur={() => setHot(false)}
      onClick={() => {
        // The new label shows until the pointer leaves and comes back.
        setHot(false);
        if (!pending) toggle.mutate(status);
      }}
    >
      {pending ? null : <Icon aria-hidden="true" />}
      {label}
    </Button>
  );
}

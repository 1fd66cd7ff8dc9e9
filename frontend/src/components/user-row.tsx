import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { UserAvatar } from './ui/avatar';
import { cn } from '@/lib/cn';

export interface UserRowUser {
  username: string;
  name: string | null;
  profilePicture: string | null;
}

interface UserRowProps {
  user: UserRowUser;
  /** A line under the @username (a reason, a date). */
  meta?: ReactNode;
  /** Buttons at the end of the row (follow, accept, unblock). */
  action?: ReactNode;
  /** Called when the profile link is followed, e.g. to close the dialog the row sits in. */
  onNavigate?: () => void;
  className?: string;
}

/**
 * One person in a list (followers, search results, requests, blocks): avatar (or the first letter
 * of the name), name or username and @username, linking to /profile/{username}, plus actions.
 */
export function UserRow({ user, meta, action, onNavigate, className }: UserRowProps) {
  const displayName = user.name?.trim() || user.username;
  return (
    <li className={cn('user-row', className)}>
      <Link
        to={`/profile/${encodeURIComponent(user.username)}`}
        className="user-row__link"
        onClick={onNavigate}
      >
        <span aria-hidden="true">
          <UserAvatar name={user.name} username={user.username} src={user.profilePicture} size="md" />
        </span>
        <span className="user-row__text">
          <span className="user-row__name">{displayName}</span>
          <span className="user-row__username">@{user.username}</span>
        </span>
      </Link>
      {meta ? <div className="user-row__meta">{meta}</div> : null}
      {action ? <div className="user-row__action">{action}</div> : null}
    </li>
  );
}

import { useState } from 'react';
import { cn } from '@/lib/cn';

interface UserAvatarProps {
  name: string | null | undefined;
  username: string;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

/**
 * The profile picture, or the first letter of the name (else username) when there is none or it
 * fails to load. Plain elements rather than radix's Avatar: that one renders every fallback empty
 * first and fills it from a timer, so a list of 30 users committed twice and shifted as the
 * letters appeared; here the letter is in the first paint and the picture covers it once loaded.
 */
export function UserAvatar({ name, username, src, size = 'md', className }: UserAvatarProps) {
  const display = name?.trim() || username;
  const initial = display.charAt(0).toUpperCase() || '?';
  // The source that failed, so a new picture (after an upload) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span className={cn('avatar', `avatar--${size}`, className)}>
      <span className="avatar__fallback">
        <span aria-hidden="true">{initial}</span>
        {showImage ? null : <span className="sr-only">{`${display}'s avatar`}</span>}
      </span>
      {showImage ? (
        <img
          className="avatar__image"
          src={src ?? undefined}
          alt={`${display}'s profile picture`}
          decoding="async"
          onError={() => setFailed(src ?? null)}
        />
      ) : null}
    </span>
  );
}

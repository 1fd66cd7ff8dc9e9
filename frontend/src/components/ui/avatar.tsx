import { Avatar as RadixAvatar } from 'radix-ui';
import { cn } from '@/lib/cn';

interface UserAvatarProps {
  name: string | null | undefined;
  username: string;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

/** The profile picture, or the first letter of the name (else username) when there is none. */
export function UserAvatar({ name, username, src, size = 'md', className }: UserAvatarProps) {
  const display = name?.trim() || username;
  const initial = display.charAt(0).toUpperCase() || '?';
  return (
    <RadixAvatar.Root className={cn('avatar', `avatar--${size}`, className)}>
      {src ? (
        <RadixAvatar.Image className="avatar__image" src={src} alt={`${display}'s profile picture`} />
      ) : null}
      <RadixAvatar.Fallback className="avatar__fallback" delayMs={src ? 400 : 0}>
        <span aria-hidden="true">{initial}</span>
        <span className="sr-only">{`${display}'s avatar`}</span>
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}

import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { toast } from 'sonner';
import { Ban, Flag, Lock, MoreVertical, ShieldOff, UserMinus, Volume2, VolumeX } from 'lucide-react';
import type { UserDto } from '@dinebuds/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCurrentUser } from '@/features/auth';
import { LazyReportDialog } from '@/features/moderation';
import { useToggleUserPrivacy } from '../api/toggle-user-privacy';
import type { useBlockActions } from '../hooks/use-block-actions';
import { useSafetyActions } from '../hooks/use-safety-actions';

interface OtherProfileMenuProps {
  user: UserDto;
  blocking: ReturnType<typeof useBlockActions>;
}

/**
 * The menu on someone else's profile: Block user / Unblock user (spec 1 §2, §8), Mute / Unmute
 * and, when they follow you, Remove follower (issue 27's safety tools), Report user, and for admins
 * Toggle Privacy.
 */
export function OtherProfileMenu({ user, blocking }: OtherProfileMenuProps) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  const safety = useSafetyActions(user);
  const name = user.name?.trim() || user.username;
  const [reportOpen, setReportOpen] = useState(false);
  const { data: viewer } = useCurrentUser();
  const privacy = useToggleUserPrivacy(user);
  const onTogglePrivacy = () =>
    privacy.mutate(undefined, {
      onSuccess: ({ message }) => toast.success(message),
      onError: () => toast.error('Failed to update privacy settings'),
    });
  return (
    <>
      {/* Not modal: a menu needs no aria-hidden page behind it, which would hide focusable content (axe). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="icon-button" aria-label="Profile actions">
          <MoreVertical aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
            {blocking.isBlocked ? (
              <DropdownMenu.Item
                className="menu__item"
                disabled={blocking.pending}
                onSelect={() => blocking.unblock()}
              >
                <ShieldOff aria-hidden="true" />
                Unblock user
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item
                className="menu__item menu__item--danger"
                disabled={blocking.pending || !blocking.known}
                onSelect={() => setConfirmOpen(true)}
              >
                <Ban aria-hidden="true" />
                Block user
              </DropdownMenu.Item>
            )}
            {safety.isMuted ? (
              <DropdownMenu.Item
                className="menu__item"
                disabled={safety.pending}
                onSelect={() => safety.unmute()}
              >
                <Volume2 aria-hidden="true" />
                Unmute user
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item
                className="menu__item"
                disabled={safety.pending || !safety.known}
                onSelect={() => safety.mute()}
              >
                <VolumeX aria-hidden="true" />
                Mute user
              </DropdownMenu.Item>
            )}
            {safety.followsYou ? (
              <DropdownMenu.Item
                className="menu__item menu__item--danger"
                disabled={safety.pending}
                onSelect={() => setRemoveOpen(true)}
              >
                <UserMinus aria-hidden="true" />
                Remove follower
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item className="menu__item" onSelect={() => setReportOpen(true)}>
              <Flag aria-hidden="true" />
              Report user
            </DropdownMenu.Item>
            {viewer?.isAdmin ? (
              <DropdownMenu.Item
                className="menu__item"
                disabled={privacy.isPending}
                onSelect={onTogglePrivacy}
              >
                <Lock aria-hidden="true" />
                Toggle Privacy
              </DropdownMenu.Item>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={`Block ${name}?`}
        description={`${name} won't be able to follow you or message you, and any follows between you end. You can unblock them later from this menu or in Settings.`}
        confirmLabel="Block"
        destructive
        pending={blocking.pending}
        onConfirm={() => blocking.block(() => setConfirmOpen(false))}
      />
      <ConfirmDialog
        open={removeOpen}
        onOpenChange={setRemoveOpen}
        title={`Remove ${name} as a follower?`}
        description={`${name} will stop following you and won't be told. They can follow you again later.`}
        confirmLabel="Remove"
        destructive
        pending={safety.pending}
        onConfirm={() => safety.removeFollower(() => setRemoveOpen(false))}
      />
      <LazyReportDialog
        target={{ type: 'user', contentId: user.id }}
        label={name}
        open={reportOpen}
        onOpenChange={setReportOpen}
      />
    </>
  );
}

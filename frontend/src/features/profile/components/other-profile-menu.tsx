import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { toast } from 'sonner';
import { Ban, Flag, Lock, MoreVertical, ShieldOff } from 'lucide-react';
import type { UserDto } from '@dinebuds/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCurrentUser } from '@/features/auth';
import { LazyReportDialog } from '@/features/moderation';
import { useToggleUserPrivacy } from '../api/toggle-user-privacy';
import type { useBlockActions } from '../hooks/use-block-actions';

interface OtherProfileMenuProps {
  user: UserDto;
  blocking: ReturnType<typeof useBlockActions>;
}

/**
 * The menu on someone else's profile: Block user / Unblock user (spec 1 §2, §8), Report user, and
 * for admins Toggle Privacy.
 */
export function OtherProfileMenu({ user, blocking }: OtherProfileMenuProps) {
  const [confirmOpen, setConfirmOpen] = useState(false);
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
      <LazyReportDialog
        target={{ type: 'user', contentId: user.id }}
        label={name}
        open={reportOpen}
        onOpenChange={setReportOpen}
      />
    </>
  );
}

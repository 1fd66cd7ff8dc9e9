import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DropdownMenu } from 'radix-ui';
import { toast } from 'sonner';
import {
  Award,
  ClipboardList,
  Gavel,
  Lock,
  LogOut,
  MessageSquarePlus,
  MoreVertical,
  Settings,
  ShieldCheck,
} from 'lucide-react';
import { useCurrentUser } from '@/features/auth';
import { LazyFeedbackDialog } from '@/features/feedback';
import { SignOutDialog } from '@/features/settings';
import { useTogglePrivacy } from '@/features/social';

/**
 * The own-profile menu (spec 1 §2): Edit Badges, Give Feedback, Settings, Moderation Decisions (my
 * content admins acted on), Feedback Management and Admin Panel (admins), Toggle Privacy, Sign Out.
 */
export function ProfileMenu() {
  const navigate = useNavigate();
  const { data: me } = useCurrentUser();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const privacy = useTogglePrivacy(me?.id ?? 0);
  const onTogglePrivacy = () =>
    privacy.mutate(undefined, {
      onSuccess: ({ message }) => toast.success(message),
      onError: () => toast.error('Failed to update privacy settings'),
    });
  return (
    <>
      {/* Not modal: a menu needs no aria-hidden page behind it, which would hide focusable content (axe). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="icon-button" aria-label="Profile menu">
          <MoreVertical aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/edit-badges')}>
              <Award aria-hidden="true" />
              Edit Badges
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => setFeedbackOpen(true)}>
              <MessageSquarePlus aria-hidden="true" />
              Give Feedback
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/settings')}>
              <Settings aria-hidden="true" />
              Settings
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/moderation')}>
              <Gavel aria-hidden="true" />
              Moderation Decisions
            </DropdownMenu.Item>
            {me?.isAdmin ? (
              <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/feedback')}>
                <ClipboardList aria-hidden="true" />
                Feedback Management
              </DropdownMenu.Item>
            ) : null}
            {me?.isAdmin ? (
              <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/admin')}>
                <ShieldCheck aria-hidden="true" />
                Admin Panel
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item
              className="menu__item"
              disabled={!me || privacy.isPending}
              onSelect={onTogglePrivacy}
            >
              <Lock aria-hidden="true" />
              Toggle Privacy
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Item
              className="menu__item menu__item--danger"
              onSelect={() => setConfirmOpen(true)}
            >
              <LogOut aria-hidden="true" />
              Sign Out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <SignOutDialog open={confirmOpen} onOpenChange={setConfirmOpen} />
      <LazyFeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
    </>
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DropdownMenu } from 'radix-ui';
import { Award, ClipboardList, LogOut, MessageSquarePlus, MoreVertical, Settings, ShieldCheck } from 'lucide-react';
import { useCurrentUser } from '@/features/auth';
import { LazyFeedbackDialog } from '@/features/feedback';
import { SignOutDialog } from '@/features/settings';

/** The own-profile menu (spec 1 §2). The admin entries join when those screens exist. */
export function ProfileMenu() {
  const navigate = useNavigate();
  const { data: me } = useCurrentUser();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
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

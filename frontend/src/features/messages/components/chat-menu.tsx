import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Ban, MoreVertical, ShieldOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { useBlockPartner } from '../hooks/use-block-partner';
import { partnerName, type ChatPartner } from '../types';

type Blocking = ReturnType<typeof useBlockPartner>;

interface ChatMenuProps {
  partner: ChatPartner;
  blocking: Blocking;
  onBlocked: () => void;
}

/** The conversation's menu: 'Block user' (confirmed, then `onBlocked`: the chat closes) or 'Unblock user'. */
export function ChatMenu({ partner, blocking, onBlocked }: ChatMenuProps) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const name = partnerName(partner);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="icon-button" aria-label="Conversation actions">
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
                disabled={blocking.pending}
                onSelect={() => setConfirmOpen(true)}
              >
                <Ban aria-hidden="true" />
                Block user
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={`Block ${name}?`}
        description={`${name} won't be able to follow you or message you, and any follows between you end. You can unblock them later in Settings.`}
        confirmLabel="Block"
        destructive
        pending={blocking.pending}
        onConfirm={() =>
          blocking.block(() => {
            setConfirmOpen(false);
            onBlocked();
          })
        }
      />
    </>
  );
}

/** In place of the message box while I block the other person. */
export function BlockedNotice({ partner, blocking }: { partner: ChatPartner; blocking: Blocking }) {
  return (
    <div className="chat-blocked" role="note">
      <p>You have blocked {partnerName(partner)}. Unblock them to send messages.</p>
      <Button variant="outline" size="sm" loading={blocking.pending} onClick={() => blocking.unblock()}>
        Unblock
      </Button>
    </div>
  );
}

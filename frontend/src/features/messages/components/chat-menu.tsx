import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Ban, MoreVertical } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useBlockPartner } from '../hooks/use-block-partner';
import { partnerName, type ChatPartner } from '../types';

/** The conversation's menu: 'Block user', confirmed, then `onBlocked` (the chat closes). */
export function ChatMenu({ partner, onBlocked }: { partner: ChatPartner; onBlocked: () => void }) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const blocking = useBlockPartner(partner);
  const name = partnerName(partner);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="icon-button" aria-label="Conversation actions">
          <MoreVertical aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
            <DropdownMenu.Item
              className="menu__item menu__item--danger"
              disabled={blocking.pending}
              onSelect={() => setConfirmOpen(true)}
            >
              <Ban aria-hidden="true" />
              Block user
            </DropdownMenu.Item>
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

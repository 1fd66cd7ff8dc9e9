import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useConversation } from '../hooks/use-conversation';
import { partnerName, type ChatPartner } from '../types';
import { ChatMenu } from './chat-menu';
import { ConversationFooter } from './conversation-footer';
import { MessageThread } from './message-thread';
import { PollLauncher } from './poll';
import '../messages.css';

interface MessageModalProps {
  partner: ChatPartner;
  onClose: () => void;
}

/** Spec 1: the modal never shows on a path containing /profile/ (the full-screen chat does). */
export const isProfilePath = (pathname: string) => pathname.includes('/profile/');

/**
 * The desktop message dialog (spec 1 §Message modal): the other person's name as title, a 350px
 * thread with avatars and 'MMM d, h:mm a' times, 'Report message' on received messages, the
 * 'Block user' menu and a multi-line box. It closes on close, after a block, and on /profile/ paths.
 */
export function MessageModal({ partner, onClose }: MessageModalProps) {
  const { pathname } = useLocation();
  const onProfile = isProfilePath(pathname);
  useEffect(() => {
    if (onProfile) onClose();
  }, [onProfile, onClose]);
  if (onProfile) return null;
  return <OpenMessageModal partner={partner} onClose={onClose} />;
}

function OpenMessageModal({ partner, onClose }: MessageModalProps) {
  const wiring = useConversation(partner);
  if (!wiring.thread) return null;
  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="overlay" />
        <RadixDialog.Content className="dialog dialog--md message-modal" aria-describedby={undefined}>
          <header className="message-modal__header">
            <RadixDialog.Title className="dialog__title message-modal__title">
              {partnerName(partner)}
            </RadixDialog.Title>
            <PollLauncher partner={partner} />
            <ChatMenu partner={partner} blocking={wiring.blocking} onBlocked={onClose} />
            <RadixDialog.Close className="icon-button" aria-label="Close">
              <X aria-hidden="true" />
            </RadixDialog.Close>
          </header>
          <MessageThread
            {...wiring.thread}
            variant="modal"
            emptyText="No messages yet. Start a conversation!"
            className="message-modal__thread"
          />
          <ConversationFooter
            partner={partner}
            wiring={wiring}
            className="message-modal__composer"
            placeholder="Type your message..."
            rows={2}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

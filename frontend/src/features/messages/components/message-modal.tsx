import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { toast } from 'sonner';
import type { MessageDto } from '@dinebuds/contracts';
import { useBlockPartner } from '../hooks/use-block-partner';
import { useChat } from '../hooks/use-chat';
import { partnerName, type ChatPartner } from '../types';
import { BlockedNotice, ChatMenu } from './chat-menu';
import { Composer } from './composer';
import { MessageThread } from './message-thread';
import { PollCard, PollLauncher } from './poll';
import { ReportDialog } from './report-dialog';
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
  const chat = useChat(partner);
  const blocking = useBlockPartner(partner);
  const [reporting, setReporting] = useState<MessageDto | null>(null);
  if (!chat.me) return null;
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
            <ChatMenu partner={partner} blocking={blocking} onBlocked={onClose} />
            <RadixDialog.Close className="icon-button" aria-label="Close">
              <X aria-hidden="true" />
            </RadixDialog.Close>
          </header>
          <MessageThread
            conversation={chat.conversation}
            messages={chat.messages}
            earlier={chat.earlier}
            meId={chat.me.id}
            variant="modal"
            emptyText="No messages yet. Start a conversation!"
            onReport={setReporting}
            renderPoll={(message) =>
              message.pollId ? <PollCard pollId={message.pollId} meId={chat.me!.id} /> : null
            }
            className="message-modal__thread"
          />
          {blocking.isBlocked ? (
            <BlockedNotice partner={partner} blocking={blocking} />
          ) : (
            <div className="message-modal__composer">
              <Composer
                placeholder="Type your message..."
                rows={2}
                sending={chat.sending}
                onSend={chat.sendText}
                onError={(error) => toast.error('Error sending message', { description: error.message })}
              />
            </div>
          )}
          <ReportDialog message={reporting} onClose={() => setReporting(null)} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

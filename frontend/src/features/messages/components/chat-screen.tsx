import { Link } from 'react-router-dom';
import { Dialog as RadixDialog } from 'radix-ui';
import { ArrowLeft } from 'lucide-react';
import { UserAvatar } from '@/components/ui/avatar';
import { useConversation } from '../hooks/use-conversation';
import { partnerName, type ChatPartner } from '../types';
import { ChatMenu } from './chat-menu';
import { ConversationFooter } from './conversation-footer';
import { MessageThread } from './message-thread';
import { PollLauncher } from './poll';
import '../messages.css';

interface ChatScreenProps {
  partner: ChatPartner;
  onClose: () => void;
}

/**
 * The full-screen chat (spec 1 §Full-screen chat): back, avatar, name and @username, the block
 * menu, the thread with 'h:mm a' times, a 'Message...' box where Enter sends.
 */
export function ChatScreen({ partner, onClose }: ChatScreenProps) {
  const wiring = useConversation(partner);
  const name = partnerName(partner);
  if (!wiring.thread) return null;
  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Content className="chat-screen" aria-describedby={undefined}>
          <header className="chat-screen__header">
            <RadixDialog.Close className="icon-button" aria-label="Back">
              <ArrowLeft aria-hidden="true" />
            </RadixDialog.Close>
            <UserAvatar name={partner.name} username={partner.username} src={partner.profilePicture} />
            <div className="chat-screen__who">
              <RadixDialog.Title className="chat-screen__name">{name}</RadixDialog.Title>
              <Link to={`/profile/${partner.username}`} className="chat-screen__username" onClick={onClose}>
                @{partner.username}
              </Link>
            </div>
            <PollLauncher partner={partner} />
            <ChatMenu partner={partner} blocking={wiring.blocking} onBlocked={onClose} />
          </header>
          <MessageThread
            {...wiring.thread}
            variant="chat"
            emptyText="No messages yet. Say hello!"
            className="chat-screen__thread"
          />
          <ConversationFooter
            partner={partner}
            wiring={wiring}
            className="chat-screen__composer"
            placeholder="Message..."
            rows={1}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

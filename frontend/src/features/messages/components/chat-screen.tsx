import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Dialog as RadixDialog } from 'radix-ui';
import { ArrowLeft } from 'lucide-react';
import { toast } from 'sonner';
import type { MessageDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { isApiError } from '@/lib/api';
import { useBlockPartner } from '../hooks/use-block-partner';
import { useChat } from '../hooks/use-chat';
import { partnerName, type ChatPartner } from '../types';
import { BlockedNotice, ChatMenu } from './chat-menu';
import { Composer } from './composer';
import { MessageThread } from './message-thread';
import { ReportDialog } from './report-dialog';
import { PollCard, PollLauncher } from './poll';
import '../messages.css';

interface ChatScreenProps {
  partner: ChatPartner;
  onClose: () => void;
}

/** A refusal the server explained (blocked, too long...) is shown as it is; anything else as the spec's sentence. */
function sendFailureText(error: Error): string {
  return isApiError(error) && error.status >= 400 && error.status < 500
    ? error.message
    : 'Failed to send message. Please try again.';
}

/**
 * The full-screen chat (spec 1 §Full-screen chat): back, avatar, name and @username, the block
 * menu, the thread with 'h:mm a' times, a 'Message...' box where Enter sends.
 */
export function ChatScreen({ partner, onClose }: ChatScreenProps) {
  const chat = useChat(partner);
  const blocking = useBlockPartner(partner);
  const [reporting, setReporting] = useState<MessageDto | null>(null);
  const name = partnerName(partner);
  if (!chat.me) return null;
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
            <ChatMenu partner={partner} blocking={blocking} onBlocked={onClose} />
          </header>
          <MessageThread
            conversation={chat.conversation}
            messages={chat.messages}
            earlier={chat.earlier}
            meId={chat.me.id}
            variant="chat"
            emptyText="No messages yet. Say hello!"
            onReport={setReporting}
            renderPoll={(message) =>
              message.pollId ? <PollCard pollId={message.pollId} meId={chat.me!.id} /> : null
            }
            className="chat-screen__thread"
          />
          {blocking.isBlocked ? (
            <BlockedNotice partner={partner} blocking={blocking} />
          ) : (
            <div className="chat-screen__composer">
              <Composer
                placeholder="Message..."
                rows={1}
                sending={chat.sending}
                onSend={chat.sendText}
                onError={(error) =>
                  toast.error('Error sending message', { description: sendFailureText(error) })
                }
              />
            </div>
          )}
          <ReportDialog message={reporting} onClose={() => setReporting(null)} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

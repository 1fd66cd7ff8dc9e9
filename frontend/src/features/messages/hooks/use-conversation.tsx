import { useState } from 'react';
import { toast } from 'sonner';
import type { MessageDto } from '@dinebuds/contracts';
import { isApiError } from '@/lib/api';
import { PollCard } from '../components/poll';
import type { ChatPartner } from '../types';
import { useBlockPartner } from './use-block-partner';
import { useChat } from './use-chat';

/** A refusal the server explained (blocked, deactivated, too long...) as it is; anything else as the spec's sentence. */
export function sendFailureText(error: Error): string {
  return isApiError(error) && error.status >= 400 && error.status < 500
    ? error.message
    : 'Failed to send message. Please try again.';
}

const showSendError = (error: Error) =>
  toast.error('Error sending message', { description: sendFailureText(error) });

/**
 * What every view of one conversation wires the same way (the desktop modal and the full-screen
 * chat): the thread (newest page, earlier pages, marked read as it opens and as messages arrive,
 * polls inside), sending with "Error sending message" on failure, the report dialog of a received
 * message, and blocking. The views only lay these out.
 */
export function useConversation(partner: ChatPartner) {
  const chat = useChat(partner);
  const blocking = useBlockPartner(partner);
  const [reporting, setReporting] = useState<MessageDto | null>(null);
  const me = chat.me;
  return {
    me,
    blocking,
    /** MessageThread's props (null until the session is known). */
    thread: me
      ? {
          conversation: chat.conversation,
          messages: chat.messages,
          earlier: chat.earlier,
          meId: me.id,
          onReport: setReporting,
          renderPoll: (message: MessageDto) =>
            message.pollId ? <PollCard pollId={message.pollId} meId={me.id} /> : null,
        }
      : null,
    /** Composer's sending props. */
    composer: { sending: chat.sending, onSend: chat.sendText, onError: showSendError },
    /** ReportDialog's props. */
    report: { message: reporting, onClose: () => setReporting(null) },
  };
}

export type ConversationWiring = ReturnType<typeof useConversation>;

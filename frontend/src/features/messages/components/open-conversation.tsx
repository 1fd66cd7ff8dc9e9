import { useMediaQuery } from '@/hooks/use-media-query';
import type { ChatPartner } from '../types';
import { ChatScreen } from './chat-screen';
import { MessageModal } from './message-modal';

/** A conversation opened from the inbox: the message modal on wide screens, the full-screen chat on phones. */
export function OpenConversation({ partner, onClose }: { partner: ChatPartner; onClose: () => void }) {
  const wide = useMediaQuery('(min-width: 640px)');
  return wide ? (
    <MessageModal partner={partner} onClose={onClose} />
  ) : (
    <ChatScreen partner={partner} onClose={onClose} />
  );
}

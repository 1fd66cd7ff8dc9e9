import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@/features/auth';
import { CONVERSATION_POLL_MS, getConversationQueryOptions } from '../api/get-conversation';
import { pollUnlessLive, useMessageStream } from '../api/message-stream';
import { useMarkRead } from '../api/mark-read';
import { newClientMessageId, useSendMessage } from '../api/send-message';
import type { ChatPartner } from '../types';

/**
 * One open conversation: its messages (pushed by the live stream, else read every 3 s), marking the other
 * person's messages read when it opens and whenever new ones arrive, and sending.
 */
export function useChat(partner: ChatPartner) {
  const { data: me } = useCurrentUser();
  const live = useMessageStream(me?.id);
  const conversation = useQuery({
    ...getConversationQueryOptions(me?.id ?? 0, partner.id),
    enabled: Boolean(me) && me?.id !== partner.id,
    refetchInterval: pollUnlessLive(live, CONVERSATION_POLL_MS),
  });
  const markRead = useMarkRead();
  const send = useSendMessage();
  // The idempotency key of the draft being sent: a retry of the same draft reuses it.
  const draftKey = useRef<{ text: string; key: string } | null>(null);

  const mark = markRead.mutate;
  useEffect(() => {
    if (me) mark(partner.id);
  }, [me, partner.id, mark]);

  const unreadIds = (conversation.data ?? [])
    .filter((message) => message.senderId === partner.id && !message.read)
    .map((message) => message.id)
    .join(',');
  useEffect(() => {
    if (unreadIds) mark(partner.id);
  }, [unreadIds, partner.id, mark]);

  const sendText = (text: string, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => {
    const content = text.trim();
    if (!content || send.isPending) return;
    if (draftKey.current?.text !== content) draftKey.current = { text: content, key: newClientMessageId() };
    send.mutate(
      { receiverId: partner.id, content, messageType: 'text', clientMessageId: draftKey.current.key },
      {
        onSuccess: () => {
          draftKey.current = null;
          callbacks.onSuccess();
        },
        onError: callbacks.onError,
      },
    );
  };

  return { me: me ?? null, conversation, sendText, sending: send.isPending };
}

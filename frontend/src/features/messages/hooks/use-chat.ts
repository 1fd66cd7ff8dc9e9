import { useEffect, useMemo, useRef, useState } from 'react';
import type { MessageDto } from '@dinebuds/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@/features/auth';
import {
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_POLL_MS,
  getConversation,
  getConversationQueryOptions,
} from '../api/get-conversation';
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

  // Pages before the newest one, read on demand ("Load earlier messages"), oldest first.
  const [older, setOlder] = useState<{
    messages: MessageDto[];
    more: boolean;
    loading: boolean;
    error: string | null;
  }>({ messages: [], more: true, loading: false, error: null });
  const newest = conversation.data;
  const messages = useMemo(() => {
    if (!newest) return undefined;
    const seen = new Set(newest.map((message) => message.id));
    return [...older.messages.filter((message) => !seen.has(message.id)), ...newest];
  }, [older.messages, newest]);
  const firstId = messages?.[0]?.id;
  const hasOlder = older.messages.length > 0 ? older.more : (newest?.length ?? 0) >= CONVERSATION_PAGE_SIZE;
  const loadOlder = () => {
    if (!me || firstId === undefined || older.loading) return;
    setOlder((state) => ({ ...state, loading: true, error: null }));
    getConversation(me.id, partner.id, undefined, firstId).then(
      (page) =>
        setOlder((state) => ({
          messages: [...page, ...state.messages],
          more: page.length >= CONVERSATION_PAGE_SIZE,
          loading: false,
          error: null,
        })),
      (error: Error) => setOlder((state) => ({ ...state, loading: false, error: error.message })),
    );
  };

  return {
    me: me ?? null,
    conversation,
    messages,
    earlier: { available: hasOlder, loading: older.loading, error: older.error, load: loadOlder },
    sendText,
    sending: send.isPending,
  };
}

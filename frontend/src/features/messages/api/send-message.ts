import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageDto, SendMessageRequest } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';
import { conversationQueryKey } from './get-conversation';
import { conversationsQueryKey } from './get-conversations';

export const sendMessage = (request: SendMessageRequest) =>
  api.post<MessageDto>('/api/messages/send', request);

/** An idempotency key for one message: a retried send of it is stored once. */
export function newClientMessageId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** Sends and puts the stored message at the end of its conversation, then refreshes the inbox. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      if (!me) return;
      queryClient.setQueryData<MessageDto[]>(conversationQueryKey(me.id, message.receiverId), (messages) =>
        messages && !messages.some((m) => m.id === message.id) ? [...messages, message] : messages,
      );
      void queryClient.invalidateQueries({ queryKey: conversationQueryKey(me.id, message.receiverId) });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey(me.id) });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { messagesQueryKey } from './keys';
import { pollUnlessLive, useMessageStream } from './message-stream';

/** Spec 1 §4: an open conversation refreshes every 3 s while the live stream is down (spec 2 says 5 s; the shorter wins). */
export const CONVERSATION_POLL_MS = 3_000;

export const conversationQueryKey = (userId: number, otherUserId: number) =>
  [...messagesQueryKey, 'conversation', userId, otherUserId] as const;

/** The newest page of the conversation, oldest first. */
export const getConversation = (userId: number, otherUserId: number, signal?: AbortSignal) =>
  api.get<MessageDto[]>(`/api/messages/conversation/${userId}/${otherUserId}`, { signal });

export const getConversationQueryOptions = (userId: number, otherUserId: number) =>
  queryOptions({
    queryKey: conversationQueryKey(userId, otherUserId),
    queryFn: ({ signal }) => getConversation(userId, otherUserId, signal),
    refetchInterval: CONVERSATION_POLL_MS,
    staleTime: 0,
  });

export function useConversation(userId: number, otherUserId: number) {
  const live = useMessageStream(userId);
  return useQuery({
    ...getConversationQueryOptions(userId, otherUserId),
    refetchInterval: pollUnlessLive(live, CONVERSATION_POLL_MS),
  });
}

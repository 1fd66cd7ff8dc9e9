import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, type MessageDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { messagesQueryKey } from './keys';
import { pollUnlessLive, useMessageStream } from './message-stream';

/** Spec 1 §4: an open conversation refreshes every 3 s while the live stream is down (spec 2 says 5 s; the shorter wins). */
export const CONVERSATION_POLL_MS = 3_000;

export const conversationQueryKey = (userId: number, otherUserId: number) =>
  [...messagesQueryKey, 'conversation', userId, otherUserId] as const;

/** Messages a page holds (the server's default): a full page means there may be older ones. */
export const CONVERSATION_PAGE_SIZE = LIMITS.conversationPageDefault;

/** The newest page of the conversation (or the page before `beforeId`), oldest first. */
export const getConversation = (
  userId: number,
  otherUserId: number,
  signal?: AbortSignal,
  beforeId?: number,
) =>
  api.get<MessageDto[]>(`/api/messages/conversation/${userId}/${otherUserId}`, {
    signal,
    query: beforeId ? { beforeId } : undefined,
  });

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

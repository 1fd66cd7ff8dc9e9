import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationPreviewDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { messagesQueryKey } from './keys';
import { pollUnlessLive, useMessageStream } from './message-stream';

/** Spec 2 §9: conversation previews are polled every 10 s (while the live stream is down). */
export const CONVERSATIONS_POLL_MS = 10_000;
/** Rows of the inbox read at once (the route's cap). */
export const CONVERSATIONS_PAGE_SIZE = 100;

export const conversationsQueryKey = (userId: number) =>
  [...messagesQueryKey, 'conversations', userId] as const;

export const getConversations = (signal?: AbortSignal) =>
  api.get<ConversationPreviewDto[]>('/api/messages/conversations', {
    query: { limit: CONVERSATIONS_PAGE_SIZE },
    signal,
  });

export const getConversationsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: conversationsQueryKey(userId),
    queryFn: ({ signal }) => getConversations(signal),
    refetchInterval: CONVERSATIONS_POLL_MS,
    staleTime: CONVERSATIONS_POLL_MS,
  });

export function useConversations(userId: number) {
  const live = useMessageStream(userId);
  return useQuery({
    ...getConversationsQueryOptions(userId),
    refetchInterval: pollUnlessLive(live, CONVERSATIONS_POLL_MS),
  });
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationPreviewDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { messagesQueryKey } from './keys';
import { pollUnlessLive, useMessageStream } from './message-stream';

/** Spec 2 §9: conversation previews are polled every 10 s (while the live stream is down). */
export const CONVERSATIONS_POLL_MS = 10_000;
/** Rows of the inbox read per page (the route's cap); "Load more" reads the next. */
export const CONVERSATIONS_PAGE_SIZE = 100;

export const conversationsQueryKey = (userId: number) =>
  [...messagesQueryKey, 'conversations', userId] as const;

/** A page of the inbox: the newest conversations, or those older than `before` (a lastMessageId). */
export const getConversations = (before: number | undefined, signal?: AbortSignal) =>
  api.get<ConversationPreviewDto[]>('/api/messages/conversations', {
    query: { limit: CONVERSATIONS_PAGE_SIZE, ...(before === undefined ? {} : { before }) },
    signal,
  });

/** The inbox page by page: each next page starts after the last row's lastMessageId. */
export const getConversationsQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: conversationsQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) =>
      lastPage.length < CONVERSATIONS_PAGE_SIZE ? undefined : lastPage.at(-1)?.lastMessageId,
    refetchInterval: CONVERSATIONS_POLL_MS,
    staleTime: CONVERSATIONS_POLL_MS,
  });

export function useConversations(userId: number) {
  const live = useMessageStream(userId);
  return useInfiniteQuery({
    ...getConversationsQueryOptions(userId),
    refetchInterval: pollUnlessLive(live, CONVERSATIONS_POLL_MS),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountResponse } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';
import { messagesQueryKey } from './keys';
import { pollUnlessLive, useMessageStream } from './message-stream';

/** Spec 2 §9: the unread count is polled every 10 s (while the live stream is down). */
export const UNREAD_COUNT_POLL_MS = 10_000;

export const unreadCountQueryKey = (userId: number) => [...messagesQueryKey, 'unread-count', userId] as const;

export const getUnreadCount = (signal?: AbortSignal) =>
  api.get<CountResponse>('/api/messages/unread-count', { signal });

export const getUnreadCountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: unreadCountQueryKey(userId),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_COUNT_POLL_MS,
    staleTime: UNREAD_COUNT_POLL_MS,
  });

/** The signed-in user's unread messages (0 while unknown or signed out). */
export function useUnreadCount(): number {
  const { data: me } = useCurrentUser();
  // The badge is on every signed-in page: it keeps the live stream open, and polls while it is down.
  const live = useMessageStream(me?.id);
  const query = useQuery({
    ...getUnreadCountQueryOptions(me?.id ?? 0),
    enabled: Boolean(me),
    refetchInterval: pollUnlessLive(live, UNREAD_COUNT_POLL_MS),
  });
  return me ? (query.data?.count ?? 0) : 0;
}

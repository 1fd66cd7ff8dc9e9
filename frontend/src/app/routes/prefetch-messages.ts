import type { QueryClient } from '@tanstack/react-query';
import { getCurrentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { getConversationsQueryOptions } from '@/features/messages/api/get-conversations';

/** /messages: the inbox, read while the screen's code downloads (nothing when signed out). */
export async function prefetchMessages(queryClient: QueryClient) {
  const me = await queryClient.ensureQueryData(getCurrentUserQueryOptions());
  if (me) void queryClient.prefetchInfiniteQuery(getConversationsQueryOptions(me.id));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadResponse } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';
import { conversationsQueryKey } from './get-conversations';
import { unreadCountQueryKey } from './get-unread-count';

export const markRead = (otherUserId: number) =>
  api.post<MarkReadResponse>(`/api/messages/mark-read/${otherUserId}`);

/** Marks the other person's messages read and refreshes the unread count and the inbox. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => {
      if (!me) return;
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey(me.id) });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey(me.id) });
    },
    // Spec 1 §8: a failed mark-read is only logged.
    onError: (error) => console.warn('Could not mark messages read', error),
  });
}

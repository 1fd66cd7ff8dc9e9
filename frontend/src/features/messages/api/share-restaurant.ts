import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageDto } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { conversationsQueryKey } from './get-conversations';
import { messagesQueryKey } from './keys';
import { sendMessage } from './send-message';

export interface ShareRestaurantRequest {
  restaurantId: number;
  restaurantName: string;
  /** Blank: the server writes "Let's go to {restaurantName} soon!". */
  content: string;
  /** One structured message per recipient, each with its own idempotency key. */
  recipients: { userId: number; clientMessageId: string }[];
}

export interface ShareOutcome {
  sent: number[];
  failed: { userId: number; error: Error }[];
}

/** Spec 2 §7: one `restaurant_share` message per recipient. */
export async function shareRestaurant(request: ShareRestaurantRequest): Promise<ShareOutcome> {
  const content = request.content.trim();
  const results = await Promise.allSettled(
    request.recipients.map((recipient) =>
      sendMessage({
        receiverId: recipient.userId,
        messageType: 'restaurant_share',
        restaurantId: request.restaurantId,
        restaurantName: request.restaurantName,
        ...(content ? { content } : {}),
        clientMessageId: recipient.clientMessageId,
      }),
    ),
  );
  const outcome: ShareOutcome = { sent: [], failed: [] };
  results.forEach((result: PromiseSettledResult<MessageDto>, index) => {
    const userId = request.recipients[index].userId;
    if (result.status === 'fulfilled') outcome.sent.push(userId);
    else
      outcome.failed.push({
        userId,
        error: result.reason instanceof Error ? result.reason : new Error(String(result.reason)),
      });
  });
  return outcome;
}

export function useShareRestaurant() {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  return useMutation({
    mutationFn: shareRestaurant,
    onSettled: () => {
      if (!me) return;
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey(me.id) });
      void queryClient.invalidateQueries({ queryKey: [...messagesQueryKey, 'conversation'] });
    },
  });
}

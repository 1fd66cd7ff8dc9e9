import { toast } from 'sonner';
import { useBlockedUsers, useBlockUser, useUnblockUser } from '@/features/social';
import { partnerName, type ChatPartner } from '../types';

/** Whether I blocked the other person of a conversation, and (un)blocking with the spec's toasts (spec 1 §8). */
export function useBlockPartner(partner: ChatPartner) {
  const blocked = useBlockedUsers();
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const name = partnerName(partner);
  return {
    isBlocked: blocked.data?.some((entry) => entry.blockedId === partner.id) ?? false,
    pending: block.isPending || unblock.isPending,
    block: (onBlocked: () => void) =>
      block.mutate(partner.id, {
        onSuccess: () => {
          toast.success('User blocked', { description: `You have blocked ${name}.` });
          onBlocked();
        },
        onError: (error) => toast.error('Error blocking user', { description: error.message }),
      }),
    unblock: () =>
      unblock.mutate(partner.id, {
        onSuccess: () => toast.success('User unblocked', { description: `You have unblocked ${name}.` }),
        onError: (error) => toast.error('Error unblocking user', { description: error.message }),
      }),
  };
}

import { toast } from 'sonner';
import { useBlockUser } from '@/features/social';
import { partnerName, type ChatPartner } from '../types';

/** Block the other person of a conversation, with the spec's toasts (spec 1 §8). */
export function useBlockPartner(partner: ChatPartner) {
  const block = useBlockUser();
  const name = partnerName(partner);
  return {
    pending: block.isPending,
    block: (onBlocked: () => void) =>
      block.mutate(partner.id, {
        onSuccess: () => {
          toast.success('User blocked', { description: `You have blocked ${name}.` });
          onBlocked();
        },
        onError: (error) => toast.error('Error blocking user', { description: error.message }),
      }),
  };
}

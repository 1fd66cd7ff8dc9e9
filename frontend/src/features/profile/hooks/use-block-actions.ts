import { toast } from 'sonner';
import type { UserDto } from '@dinebuds/contracts';
import { useBlockedUsers, useBlockUser, useUnblockUser } from '@/features/social';

/** Block state of the profile's user for the signed-in viewer, with the spec's toasts (§8). */
export function useBlockActions(user: UserDto, enabled = true) {
  const blocked = useBlockedUsers(enabled);
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const name = user.name?.trim() || user.username;
  return {
    isBlocked: blocked.data?.some((entry) => entry.blockedId === user.id) ?? false,
    /** Unknown until the blocked list loads (or when it failed). */
    known: blocked.isSuccess,
    pending: block.isPending || unblock.isPending,
    /** `onBlocked` runs after a successful block (e.g. to close the confirmation). */
    block: (onBlocked?: () => void) =>
      block.mutate(user.id, {
        onSuccess: () => {
          toast.success('User blocked', { description: `You have blocked ${name}.` });
          onBlocked?.();
        },
        onError: (error) => toast.error('Error blocking user', { description: error.message }),
      }),
    unblock: () =>
      unblock.mutate(user.id, {
        onSuccess: () => toast.success('User unblocked', { description: `You have unblocked ${name}.` }),
        onError: (error) => toast.error('Error unblocking user', { description: error.message }),
      }),
  };
}

import { toast } from 'sonner';
import type { UserDto } from '@dinebuds/contracts';
import { useRemoveFollower, useSafetyStatus, useSetMuted } from '@/features/social';

/**
 * Mute / Unmute and Remove follower for the profile's user, with their toasts. Neither tells the
 * other person; the toasts say so.
 */
export function useSafetyActions(user: UserDto) {
  const status = useSafetyStatus(user.id);
  const setMuted = useSetMuted();
  const remove = useRemoveFollower();
  const name = user.name?.trim() || user.username;
  return {
    /** Unknown until the status loads (or when it failed): the entries stay disabled. */
    known: status.isSuccess,
    isMuted: status.data?.muted ?? false,
    followsYou: status.data?.followsYou ?? false,
    pending: setMuted.isPending || remove.isPending,
    mute: () =>
      setMuted.mutate(
        { userId: user.id, muted: true },
        {
          onSuccess: () =>
            toast.success('User muted', {
              description: `You won't see ${name}'s reviews and activity in your feed and rankings. They won't be told.`,
            }),
          onError: (error) => toast.error('Error muting user', { description: error.message }),
        },
      ),
    unmute: () =>
      setMuted.mutate(
        { userId: user.id, muted: false },
        {
          onSuccess: () =>
            toast.success('User unmuted', { description: `You will see ${name}'s activity again.` }),
          onError: (error) => toast.error('Error unmuting user', { description: error.message }),
        },
      ),
    /** `onRemoved` runs after success (e.g. to close the confirmation). */
    removeFollower: (onRemoved?: () => void) =>
      remove.mutate(user.id, {
        onSuccess: () => {
          toast.success('Follower removed', {
            description: `${name} no longer follows you. They won't be told.`,
          });
          onRemoved?.();
        },
        onError: (error) => toast.error('Error removing follower', { description: error.message }),
      }),
  };
}

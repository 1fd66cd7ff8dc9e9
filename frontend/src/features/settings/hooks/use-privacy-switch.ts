import { toast } from 'sonner';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { useTogglePrivacy } from '../api/update-profile';

/** The Private Profile switch, shared by the settings page and the Privacy tab. */
export function usePrivacySwitch(user: CurrentUserDto) {
  const toggle = useTogglePrivacy(user.id);
  return {
    checked: user.isPrivate,
    pending: toggle.isPending,
    onCheckedChange: () =>
      toggle.mutate(undefined, {
        onSuccess: ({ isPrivate, message }) =>
          toast.success(isPrivate ? 'Your profile is now private' : 'Your profile is now public', {
            description: message && !/^profile is now/i.test(message) ? message : undefined,
          }),
        onError: (error) => toast.error('Failed to update privacy settings', { description: error.message }),
      }),
  };
}

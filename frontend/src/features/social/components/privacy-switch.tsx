import { toast } from 'sonner';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { useTogglePrivacy } from '../api/toggle-privacy';
import { SwitchField } from '@/components/ui/switch';
import '../social.css';

interface PrivacySwitchProps {
  user: CurrentUserDto;
  /** Description while private / public; Settings explains more than the Requests tab. */
  privateText?: string;
  publicText?: string;
}

/** The Private Profile switch (POST /api/users/{id}/toggle-privacy), on Settings and Social. */
export function PrivacySwitch({
  user,
  privateText = 'New followers must be approved before they can see your reviews and saved restaurants.',
  publicText = 'Anyone can follow you and see your reviews and saved restaurants.',
}: PrivacySwitchProps) {
  const toggle = useTogglePrivacy(user.id);
  return (
    <SwitchField
      label="Private Profile"
      description={user.isPrivate ? privateText : publicText}
      checked={user.isPrivate}
      onCheckedChange={() =>
        toggle.mutate(undefined, {
          onSuccess: ({ isPrivate, message }) =>
            toast.success(isPrivate ? 'Your profile is now private' : 'Your profile is now public', {
              description: message && !/^profile is now/i.test(message) ? message : undefined,
            }),
          onError: (error) =>
            toast.error('Failed to update privacy settings', { description: error.message }),
        })
      }
      disabled={toggle.isPending}
    />
  );
}

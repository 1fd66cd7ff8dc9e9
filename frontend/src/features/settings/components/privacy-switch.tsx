import type { CurrentUserDto } from '@dinebuds/contracts';
import { SwitchField } from '@/components/ui/switch';
import { usePrivacySwitch } from '../hooks/use-privacy-switch';

export function PrivacySwitch({ user }: { user: CurrentUserDto }) {
  const privacy = usePrivacySwitch(user);
  return (
    <SwitchField
      label="Private Profile"
      description={
        privacy.checked
          ? 'New followers must be approved before they can see your reviews and saved restaurants.'
          : 'Anyone can follow you and see your reviews and saved restaurants.'
      }
      checked={privacy.checked}
      onCheckedChange={privacy.onCheckedChange}
      disabled={privacy.pending}
    />
  );
}

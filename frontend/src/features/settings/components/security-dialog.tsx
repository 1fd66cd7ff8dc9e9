import { useState } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { KeyRound, MonitorSmartphone, Shield } from 'lucide-react';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { PasswordTab } from './password-tab';
import { PrivacyTab } from './privacy-tab';
import { SessionsTab } from './sessions-tab';

type SecurityTab = 'password' | 'privacy' | 'sessions';

interface SecurityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: CurrentUserDto;
}

export function SecurityDialog({ open, onOpenChange, user }: SecurityDialogProps) {
  const [tab, setTab] = useState<SecurityTab>('password');
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Security & Privacy"
      description="Manage your password, who can see your activity and where you're signed in."
    >
      <Tabs.Root className="tabs" value={tab} onValueChange={(value) => setTab(value as SecurityTab)}>
        <Tabs.List className="tabs__list tabs__list--full" aria-label="Security and privacy">
          <Tabs.Trigger className="tabs__trigger" value="password">
            <KeyRound aria-hidden="true" />
            Password
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="privacy">
            <Shield aria-hidden="true" />
            Privacy
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="sessions">
            <MonitorSmartphone aria-hidden="true" />
            Sessions
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className="tabs__content" value="password">
          <PasswordTab />
        </Tabs.Content>
        <Tabs.Content className="tabs__content" value="privacy">
          <PrivacyTab user={user} />
        </Tabs.Content>
        <Tabs.Content className="tabs__content" value="sessions">
          <SessionsTab />
        </Tabs.Content>
      </Tabs.Root>
    </ResponsiveDialog>
  );
}

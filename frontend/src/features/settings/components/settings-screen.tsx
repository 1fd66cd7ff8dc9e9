import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Award, ChevronRight, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { PrivacySwitch } from '@/features/social';
import { Card, CardHeader } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/features/auth';
import { ProfileForm } from './profile-form';
import { ProfilePhotoField } from './profile-photo-field';
import { SecurityDialog } from './security-dialog';
import { SignOutDialog } from './sign-out-dialog';
import { YourDataCard } from './your-data-card';
import '../settings.css';

export function SettingsScreen() {
  useDocumentTitle('Settings');
  const { data: user } = useCurrentUser();
  const [securityOpen, setSecurityOpen] = useState(false);
  const [signOutOpen, setSignOutOpen] = useState(false);
  // The protected route guarantees a user; it disappears for a moment while signing out.
  if (!user) return null;

  return (
    <div className="page">
      <PageHeader title="Settings" description="Manage your profile and account." back="/profile" />

      <Card aria-labelledby="settings-profile-title">
        <CardHeader id="settings-profile-title" title="Profile" icon={<UserRound />} />
        <ProfilePhotoField user={user} />
        <ProfileForm user={user} />
      </Card>

      <Card aria-labelledby="settings-privacy-title">
        <CardHeader id="settings-privacy-title" title="Privacy" icon={<ShieldCheck />} />
        <PrivacySwitch user={user} />
      </Card>

      <Card aria-labelledby="settings-account-title">
        <CardHeader id="settings-account-title" title="Account" icon={<Award />} />
        <ul className="link-list">
          <li>
            <Link to="/edit-badges" className="link-list__item">
              <Award aria-hidden="true" />
              <span>Edit FlavorBuds & CityBuds</span>
              <ChevronRight aria-hidden="true" className="link-list__chevron" />
            </Link>
          </li>
          <li>
            <button type="button" className="link-list__item" onClick={() => setSecurityOpen(true)}>
              <ShieldCheck aria-hidden="true" />
              <span>Security & Privacy</span>
              <ChevronRight aria-hidden="true" className="link-list__chevron" />
            </button>
          </li>
          <li>
            <button
              type="button"
              className="link-list__item link-list__item--danger"
              onClick={() => setSignOutOpen(true)}
            >
              <LogOut aria-hidden="true" />
              <span>Sign Out</span>
            </button>
          </li>
        </ul>
      </Card>

      <YourDataCard />

      <p className="page__footer-links">
        <Link to="/privacy-policy">Privacy Policy</Link>
        <span aria-hidden="true">·</span>
        <Link to="/terms">Terms of Service</Link>
      </p>

      <SecurityDialog open={securityOpen} onOpenChange={setSecurityOpen} user={user} />
      <SignOutDialog open={signOutOpen} onOpenChange={setSignOutOpen} />
    </div>
  );
}

import type { CurrentUserDto } from '@dinebuds/contracts';
import { PrivacySwitch } from '@/features/social';
import { BlockedUsers } from './blocked-users';
import { MutedUsers } from './muted-users';

export function PrivacyTab({ user }: { user: CurrentUserDto }) {
  return (
    <div className="stack">
      <PrivacySwitch user={user} />
      <div className="prose prose--small">
        <p>
          <strong>Public profile:</strong> anyone can follow you, and your reviews and saved restaurants are
          visible to everyone.
        </p>
        <p>
          <strong>Private profile:</strong> people must send a follow request that you approve. Only approved
          followers see your reviews and saved restaurants. Your name, username, photo, bio and badges stay
          visible so buds can find you.
        </p>
      </div>
      <BlockedUsers />
      <MutedUsers />
    </div>
  );
}

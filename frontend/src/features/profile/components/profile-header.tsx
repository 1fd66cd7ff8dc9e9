import type { UserDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/chip';
import { Lock } from 'lucide-react';
import { ProfileMenu } from './profile-menu';
import { ProfileStats, type ProfileStat } from './profile-stats';

interface ProfileHeaderProps {
  user: UserDto;
  isOwn: boolean;
}

/**
 * Followers and following counts (and their modal lists) arrive with the social-graph issue: they
 * become two more entries in `stats` next to the restaurant count.
 */
function statsFor(user: UserDto): ProfileStat[] {
  return [
    {
      key: 'restaurants',
      label: user.reviewCount === 1 ? 'Restaurant' : 'Restaurants',
      value: user.reviewCount,
    },
  ];
}

export function ProfileHeader({ user, isOwn }: ProfileHeaderProps) {
  const displayName = user.name?.trim() || user.username;
  return (
    <section className="profile-header card" aria-labelledby="profile-name">
      <div className="profile-header__top">
        <UserAvatar name={user.name} username={user.username} src={user.profilePicture} size="xl" />
        <div className="profile-header__identity">
          <h1 className="profile-header__name" id="profile-name">
            {displayName}
          </h1>
          <p className="profile-header__username">
            @{user.username}
            {user.isPrivate ? (
              <Badge tone="neutral" className="profile-header__private">
                <Lock aria-hidden="true" />
                Private
              </Badge>
            ) : null}
          </p>
        </div>
        {isOwn ? <ProfileMenu /> : null}
      </div>
      {user.bio ? (
        <p className="profile-header__bio">{user.bio}</p>
      ) : isOwn ? (
        <p className="profile-header__bio muted">
          Add a bio in Settings so your buds know what you're about.
        </p>
      ) : null}
      <ProfileStats stats={statsFor(user)} />
    </section>
  );
}

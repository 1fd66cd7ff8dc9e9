import { useState } from 'react';
import { Lock } from 'lucide-react';
import type { UserDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/chip';
import { useCurrentUser } from '@/features/auth';
import { MessageButton } from '@/features/messages';
import { FollowButton, useFollowCounts, type FollowListKind } from '@/features/social';
import type { useBlockActions } from '../hooks/use-block-actions';
import { FollowListDialog } from './follow-list-dialog';
import { OtherProfileMenu } from './other-profile-menu';
import { ProfileMenu } from './profile-menu';
import { ProfileStats, type ProfileStat } from './profile-stats';

interface ProfileHeaderProps {
  user: UserDto;
  isOwn: boolean;
  /** Block state for a signed-in viewer of someone else's profile. */
  blocking: ReturnType<typeof useBlockActions> | null;
}

const countValue = (query: { data?: { count: number }; isError: boolean }) =>
  query.data ? query.data.count : query.isError ? null : undefined;

export function ProfileHeader({ user, isOwn, blocking }: ProfileHeaderProps) {
  const displayName = user.name?.trim() || user.username;
  const { data: viewer } = useCurrentUser();
  const counts = useFollowCounts(user.id);
  const [openList, setOpenList] = useState<FollowListKind | null>(null);

  const followers = countValue(counts.followers);
  const following = countValue(counts.following);
  const stats: ProfileStat[] = [
    {
      key: 'followers',
      label: followers === 1 ? 'Follower' : 'Followers',
      value: followers,
      onSelect: () => setOpenList('followers'),
    },
    { key: 'following', label: 'Following', value: following, onSelect: () => setOpenList('following') },
    {
      key: 'restaurants',
      label: user.reviewCount === 1 ? 'Restaurant' : 'Restaurants',
      value: user.reviewCount,
    },
  ];
  // Spec 1 §4: no follow control on one's own profile, for anonymous visitors, or while blocked;
  // the Message button (spec 1 §2) goes with it.
  const showFollow = !isOwn && Boolean(viewer) && blocking !== null && !blocking.isBlocked;

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
        {isOwn ? <ProfileMenu /> : blocking ? <OtherProfileMenu user={user} blocking={blocking} /> : null}
      </div>
      {user.bio ? (
        <p className="profile-header__bio">{user.bio}</p>
      ) : isOwn ? (
        <p className="profile-header__bio muted">
          Add a bio in Settings so your buds know what you're about.
        </p>
      ) : null}
      {showFollow ? (
        <div className="profile-header__actions">
          <FollowButton user={user} />
          <MessageButton user={user} />
        </div>
      ) : null}
      <ProfileStats stats={stats} />
      <FollowListDialog kind={openList} onClose={() => setOpenList(null)} user={user} />
    </section>
  );
}

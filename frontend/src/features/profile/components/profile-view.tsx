import { Lock } from 'lucide-react';
import type { UserDto } from '@dinebuds/contracts';
import { BackButton } from '@/components/back-button';
import { BadgeSections } from './badge-sections';
import { ProfileHeader } from './profile-header';
import { ReviewLevelCard } from './review-level-card';

interface ProfileViewProps {
  user: UserDto;
  isOwn: boolean;
}

export function ProfileView({ user, isOwn }: ProfileViewProps) {
  return (
    <div className="page profile">
      {!isOwn ? (
        <div className="page__toolbar">
          <BackButton />
        </div>
      ) : null}
      <ProfileHeader user={user} isOwn={isOwn} />
      {!isOwn && user.isPrivate ? (
        <p className="notice" role="note">
          <Lock aria-hidden="true" />
          This account is private. Only approved followers can see {user.name || user.username}'s reviews and
          saved restaurants.
        </p>
      ) : null}
      <ReviewLevelCard reviewCount={user.reviewCount} />
      <BadgeSections userId={user.id} isOwn={isOwn} />
    </div>
  );
}

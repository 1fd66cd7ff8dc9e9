import { Ban, Lock } from 'lucide-react';
import type { UserDto } from '@dinebuds/contracts';
import { BackButton } from '@/components/back-button';
import { Button } from '@/components/ui/button';
import { TasteMatchCard } from '@/features/discover';
import { useFollowStatus } from '@/features/social';
import { ProfileReviews } from './profile-reviews';
import { useBlockActions } from '../hooks/use-block-actions';
import { BadgeSections } from './badge-sections';
import { ProfileHeader } from './profile-header';
import { ReviewLevelCard } from './review-level-card';

interface ProfileViewProps {
  user: UserDto;
  isOwn: boolean;
}

export function ProfileView({ user, isOwn }: ProfileViewProps) {
  const name = user.name?.trim() || user.username;
  const follow = useFollowStatus(user.id);
  const blockActions = useBlockActions(user, !isOwn);
  // Block controls exist only for a signed-in viewer of someone else's profile.
  const blocking = !isOwn && follow.me ? blockActions : null;
  // Spec 1 §2: a private account's reviews and saved restaurants are for approved followers only.
  const showPrivateNotice =
    !isOwn &&
    user.isPrivate &&
    (follow.enabled ? follow.status !== undefined && follow.status !== 'following' : true);

  return (
    <div className="page profile">
      {!isOwn ? (
        <div className="page__toolbar">
          <BackButton />
        </div>
      ) : null}
      <ProfileHeader user={user} isOwn={isOwn} blocking={blocking} />
      {blocking?.isBlocked ? (
        <div className="notice notice--action" role="note">
          <Ban aria-hidden="true" />
          <p>You have blocked {name}. They can't follow you or message you.</p>
          <Button variant="outline" size="sm" loading={blocking.pending} onClick={() => blocking.unblock()}>
            Unblock
          </Button>
        </div>
      ) : null}
      {showPrivateNotice ? (
        <p className="notice" role="note">
          <Lock aria-hidden="true" />
          This account is private. Only approved followers can see {name}'s reviews and saved restaurants.
        </p>
      ) : null}
      {!isOwn && follow.me && !blocking?.isBlocked ? (
        <TasteMatchCard userId={user.id} name={name} enabled={!showPrivateNotice} />
      ) : null}
      <ReviewLevelCard reviewCount={user.reviewCount} />
      <BadgeSections userId={user.id} isOwn={isOwn} />
      <ProfileReviews userId={user.id} isOwn={isOwn} canSee={!showPrivateNotice} />
    </div>
  );
}

import { Link } from 'react-router-dom';
import { Clock, UserCheck, UserPlus } from 'lucide-react';
import { cityLabel, flavorBudLabel, type FriendRecommendationDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useFollowStatus } from '../api/get-follow-status';
import { useToggleFollow } from '../api/toggle-follow';

/** Shared favorites shown before the rest collapse into "+n more". */
const FAVORITES_SHOWN = 2;

/**
 * A recommended bud: avatar, name, @username, why, shared favorites, and Follow (then a disabled
 * Following, or Requested for a private account). Unfollowing happens on the profile.
 */
export function RecommendationCard({ recommendation }: { recommendation: FriendRecommendationDto }) {
  const { user } = recommendation;
  const name = user.name?.trim() || user.username;
  // Recommendations leave out people already followed or asked, so they start as not_following.
  const { status } = useFollowStatus(user.id, 'not_following');
  const toggle = useToggleFollow(user);
  const favorites = [
    ...recommendation.sharedFlavors.map(flavorBudLabel),
    ...recommendation.sharedCities.map(cityLabel),
  ];
  const hidden = favorites.length - FAVORITES_SHOWN;
  const profilePath = `/profile/${encodeURIComponent(user.username)}`;

  return (
    <li className="rec-card card" aria-label={name}>
      <div className="rec-card__top">
        <Link to={profilePath} className="rec-card__avatar" tabIndex={-1} aria-hidden="true">
          <UserAvatar name={user.name} username={user.username} src={user.profilePicture} size="lg" />
        </Link>
        <div className="rec-card__identity">
          <Link to={profilePath} className="rec-card__name">
            {name}
          </Link>
          <p className="rec-card__username">@{user.username}</p>
        </div>
      </div>
      <p className="rec-card__reason">{recommendation.reasonText}</p>
      {favorites.length > 0 ? (
        <ul className="badge-list" aria-label="Shared favorites">
          {favorites.slice(0, FAVORITES_SHOWN).map((favorite) => (
            <li key={favorite} className="badge badge--brand">
              {favorite}
            </li>
          ))}
          {hidden > 0 ? (
            <li className="badge badge--neutral" title={favorites.slice(FAVORITES_SHOWN).join(', ')}>
              +{hidden} more
            </li>
          ) : null}
        </ul>
      ) : null}
      {status === undefined || status === 'not_following' ? (
        <Button
          size="sm"
          block
          loading={toggle.isPending || status === undefined}
          onClick={() => toggle.mutate('not_following')}
        >
          <UserPlus aria-hidden="true" />
          Follow
        </Button>
      ) : (
        <Button variant="outline" size="sm" block disabled>
          {status === 'requested' ? <Clock aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
          {status === 'requested' ? 'Requested' : 'Following'}
        </Button>
      )}
    </li>
  );
}

import { Link } from 'react-router-dom';
import { Bookmark, MapPinCheck, Star } from 'lucide-react';
import type { FeedItemDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { SaveButton, type useSaveToggle } from '@/features/discover';
import { Stars } from '@/features/reviews';
import { formatRelative } from '@/lib/format';
import { checkInIdOf } from '../api/check-in-reactions';
import { CheckInReactions } from './check-in-reactions';

const VERB: Record<FeedItemDto['type'], string> = {
  review: 'reviewed',
  save: 'saved',
  checkin: 'checked in at',
};

const ICON = { review: Star, save: Bookmark, checkin: MapPinCheck } as const;

/** Spec 2 §9: feed star colours, 4-5 yellow, 3 brown, lower grey. */
function starTone(rating: number): 'high' | 'mid' | 'low' {
  if (rating >= 4) return 'high';
  if (rating === 3) return 'mid';
  return 'low';
}

/** One thing a bud did, linking to their profile and to the restaurant. */
export function FeedItem({ item, saves }: { item: FeedItemDto; saves: ReturnType<typeof useSaveToggle> }) {
  const name = item.user.name || item.user.username;
  const Icon = ICON[item.type];
  const checkInId = item.type === 'checkin' ? checkInIdOf(item.id) : null;
  return (
    <li className="card feed-item" data-type={item.type}>
      <div className="feed-item__head">
        <Link
          to={`/profile/${item.user.username}`}
          className="feed-item__avatar"
          tabIndex={-1}
          aria-hidden="true"
        >
          <UserAvatar src={item.user.profilePicture} name={item.user.name} username={item.user.username} />
        </Link>
        <p className="feed-item__line">
          <Link to={`/profile/${item.user.username}`} className="feed-item__user">
            {name}
          </Link>{' '}
          <span className="feed-item__verb">
            <Icon aria-hidden="true" /> {VERB[item.type]}
          </span>{' '}
          <Link to={`/restaurants/${item.restaurantId}`} className="feed-item__place">
            {item.restaurant.name}
          </Link>
        </p>
        <time className="feed-item__time" dateTime={item.createdAt}>
          {formatRelative(item.createdAt)}
        </time>
      </div>
      <p className="feed-item__address">{item.restaurant.address}</p>
      {item.rating !== null ? (
        <span className={`feed-item__stars feed-item__stars--${starTone(item.rating)}`}>
          <Stars rating={item.rating} />
        </span>
      ) : null}
      {item.message ? <p className="feed-item__message">{item.message}</p> : null}
      {checkInId !== null && item.reactions ? (
        <CheckInReactions checkInId={checkInId} reactions={item.reactions} ownerName={name} />
      ) : null}
      <div className="feed-item__actions">
        <SaveButton
          name={item.restaurant.name}
          saved={saves.isSaved(item.restaurantId)}
          busy={saves.isPending(item.restaurantId)}
          onToggle={() => saves.toggle({ id: item.restaurantId, name: item.restaurant.name })}
        />
      </div>
    </li>
  );
}

import { Link } from 'react-router-dom';
import { Bookmark, MapPinCheck, MessageSquareText, Star } from 'lucide-react';
import type { FeedItemDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { SaveButton, type useSaveToggle } from '@/features/discover';
import { Stars } from '@/features/reviews';
import { formatRelative } from '@/lib/format';
import { postOf } from '../api/reactions';
import { PostReactions } from './post-reactions';

const VERB: Record<FeedItemDto['type'], string> = {
  review: 'reviewed',
  save: 'saved',
  checkin: 'checked in at',
  status: 'shared a status',
};

const ICON = { review: Star, save: Bookmark, checkin: MapPinCheck, status: MessageSquareText } as const;

/** Spec 2 §9: feed star colours, 4-5 yellow, 3 brown, lower grey. */
function starTone(rating: number): 'high' | 'mid' | 'low' {
  if (rating >= 4) return 'high';
  if (rating === 3) return 'mid';
  return 'low';
}

/**
 * One thing a bud did, linking to their profile and to the restaurant; a status has no
 * restaurant, so it links to its author only.
 */
export function FeedItem({ item, saves }: { item: FeedItemDto; saves: ReturnType<typeof useSaveToggle> }) {
  const name = item.user.name || item.user.username;
  const Icon = ICON[item.type];
  const post = postOf(item);
  const { restaurant } = item;
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
          </span>
          {restaurant ? (
            <>
              {' '}
              <Link to={`/restaurants/${restaurant.id}`} className="feed-item__place">
                {restaurant.name}
              </Link>
            </>
          ) : null}
        </p>
        <time className="feed-item__time" dateTime={item.createdAt}>
          {formatRelative(item.createdAt)}
        </time>
      </div>
      {restaurant ? <p className="feed-item__address">{restaurant.address}</p> : null}
      {item.rating !== null ? (
        <span className={`feed-item__stars feed-item__stars--${starTone(item.rating)}`}>
          <Stars rating={item.rating} />
        </span>
      ) : null}
      {item.message ? <p className="feed-item__message">{item.message}</p> : null}
      {post !== null && item.reactions ? (
        <PostReactions post={post} reactions={item.reactions} owner={{ id: item.user.id, name }} />
      ) : null}
      {restaurant ? (
        <div className="feed-item__actions">
          <SaveButton
            name={restaurant.name}
            saved={saves.isSaved(restaurant.id)}
            busy={saves.isPending(restaurant.id)}
            onToggle={() => saves.toggle({ id: restaurant.id, name: restaurant.name })}
          />
        </div>
      ) : null}
    </li>
  );
}

import { Link } from 'react-router-dom';
import { Flame, MapPin } from 'lucide-react';
import type { LiveHotspotDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { formatRelative } from '@/lib/format';
import { useLiveHotspots } from '../api/get-live-hotspots';

/**
 * Live Hotspots (spec 2 §Home Feed, made real): places where people I follow are checked in now,
 * who they are, and how busy the place is from real check-ins (open now, begun in the last hour).
 */
export function HotspotsTab() {
  const hotspots = useLiveHotspots();
  if (hotspots.isPending) return <LoadingState label="Loading live hotspots" />;
  if (hotspots.isError)
    return (
      <ErrorState
        title="Failed to load live hotspots. Please try again later."
        onRetry={() => void hotspots.refetch()}
        retrying={hotspots.isFetching}
      />
    );
  if (hotspots.data.length === 0)
    return (
      <EmptyState
        icon={<Flame />}
        title="No live hotspots"
        description="None of your buds is checked in anywhere right now."
      />
    );
  return (
    <ol className="feed__items" aria-label="Live hotspots">
      {hotspots.data.map((spot) => (
        <Hotspot key={spot.id} spot={spot} />
      ))}
    </ol>
  );
}

function Hotspot({ spot }: { spot: LiveHotspotDto }) {
  const buds = spot.checkedInFriends.length;
  return (
    <li className="card hotspot">
      <h3 className="hotspot__name">
        <Link to={`/restaurants/${spot.id}`}>{spot.name}</Link>
      </h3>
      <p className="feed-item__address">
        <MapPin aria-hidden="true" className="hotspot__pin" />
        {spot.address}
      </p>
      <p className="hotspot__busy">
        <span className="tag">
          {spot.checkedInNow} {spot.checkedInNow === 1 ? 'person' : 'people'} here now
        </span>
        <span className="tag">
          {spot.checkInsLastHour} {spot.checkInsLastHour === 1 ? 'check-in' : 'check-ins'} in the last hour
        </span>
      </p>
      <p className="hotspot__buds-title">
        {buds} {buds === 1 ? 'bud' : 'buds'} checked in
      </p>
      <ul className="hotspot__buds" aria-label={`Buds at ${spot.name}`}>
        {spot.checkedInFriends.map((friend) => (
          <li key={friend.user.id} className="hotspot__bud">
            <Link to={`/profile/${friend.user.username}`} className="user-link">
              <UserAvatar
                src={friend.user.profilePicture}
                name={friend.user.name}
                username={friend.user.username}
                size="sm"
              />
              <span className="user-link__name">{friend.user.name || friend.user.username}</span>
            </Link>
            <span className="feed-item__time">
              since <time dateTime={friend.checkedInAt}>{formatRelative(friend.checkedInAt)}</time>
            </span>
            {friend.status ? <span className="hotspot__status">“{friend.status}”</span> : null}
          </li>
        ))}
      </ul>
    </li>
  );
}

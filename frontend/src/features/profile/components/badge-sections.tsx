import { Link } from 'react-router-dom';
import { MapPin, Utensils } from 'lucide-react';
import { CITY_TIER_DEFAULTS, cityLabel, flavorBudLabel } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useCityBadges, useFlavorBadges } from '../api/get-user-badges';

interface BadgeSectionsProps {
  userId: number;
  isOwn: boolean;
}

const editAction = (
  <Button asChild variant="ghost" size="sm">
    <Link to="/edit-badges">Edit</Link>
  </Button>
);

export function BadgeSections({ userId, isOwn }: BadgeSectionsProps) {
  return (
    <div className="badge-sections">
      <FlavorBadgesCard userId={userId} isOwn={isOwn} />
      <CityBadgesCard userId={userId} isOwn={isOwn} />
    </div>
  );
}

function FlavorBadgesCard({ userId, isOwn }: BadgeSectionsProps) {
  const badges = useFlavorBadges(userId);
  return (
    <Card aria-labelledby="flavor-badges-title">
      <CardHeader
        id="flavor-badges-title"
        title="Flavors"
        icon={<Utensils />}
        action={isOwn ? editAction : undefined}
      />
      {badges.isPending ? (
        <LoadingState compact label="Loading flavor badges" />
      ) : badges.isError ? (
        <ErrorState
          compact
          title="Couldn't load flavor badges"
          message={badges.error.message}
          onRetry={() => void badges.refetch()}
          retrying={badges.isFetching}
        />
      ) : badges.data.length === 0 ? (
        <EmptyState
          compact
          title={isOwn ? 'No FlavorBuds yet' : 'No flavor badges yet'}
          description={isOwn ? 'Pick up to 5 flavors that describe how you eat.' : undefined}
          action={
            isOwn ? (
              <Button asChild size="sm" variant="outline">
                <Link to="/edit-badges">Choose FlavorBuds</Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul className="badge-list" aria-label="Flavor badges">
          {badges.data.map((badge) => (
            <li key={badge.id} className="badge badge--brand badge--lg">
              {flavorBudLabel(badge.badgeId)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function CityBadgesCard({ userId, isOwn }: BadgeSectionsProps) {
  const badges = useCityBadges(userId);
  return (
    <Card aria-labelledby="city-badges-title">
      <CardHeader
        id="city-badges-title"
        title="Cities"
        icon={<MapPin />}
        action={isOwn ? editAction : undefined}
      />
      {badges.isPending ? (
        <LoadingState compact label="Loading city badges" />
      ) : badges.isError ? (
        <ErrorState
          compact
          title="Couldn't load city badges"
          message={badges.error.message}
          onRetry={() => void badges.refetch()}
          retrying={badges.isFetching}
        />
      ) : badges.data.length === 0 ? (
        <EmptyState
          compact
          title={isOwn ? 'No CityBuds yet' : 'No city badges yet'}
          description={isOwn ? 'Add up to 3 cities you love to eat in.' : undefined}
          action={
            isOwn ? (
              <Button asChild size="sm" variant="outline">
                <Link to="/edit-badges">Choose CityBuds</Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul className="badge-list" aria-label="City badges">
          {badges.data.map((badge) => {
            const tier = CITY_TIER_DEFAULTS.find((t) => t.level === badge.level);
            return (
              <li key={badge.id} className="badge badge--city badge--lg">
                <span className="badge__tier" style={{ background: tier?.color }} aria-hidden="true" />
                <span>{cityLabel(badge.city)}</span>
                {tier ? <span className="badge__meta">{tier.name}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MapPin, Utensils } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  CITY_TIER_DEFAULTS,
  cityLabel,
  flavorBudLabel,
  type CityBadgeDto,
  type FlavorBadgeDto,
} from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useCityBadges, useFlavorBadges } from '@/features/badges';

interface BadgeSectionsProps {
  userId: number;
  isOwn: boolean;
}

/** What differs between the profile's badge cards; the card around them is the same. */
interface BadgeKind<T extends { id: number }> {
  /** Lower-case noun for ids and messages: 'flavor' gives 'flavor-badges-title', 'Loading flavor badges'. */
  noun: string;
  title: string;
  icon: ReactNode;
  /** The product's name for the owner's picks, e.g. 'FlavorBuds'. */
  budsName: string;
  /** Hint shown to the owner while the list is empty. */
  ownEmptyHint: string;
  listLabel: string;
  useBadges: (userId: number) => UseQueryResult<T[], Error>;
  renderBadge: (badge: T) => ReactNode;
}

const FLAVOR_BADGES: BadgeKind<FlavorBadgeDto> = {
  noun: 'flavor',
  title: 'Flavors',
  icon: <Utensils />,
  budsName: 'FlavorBuds',
  ownEmptyHint: 'Pick up to 5 flavors that describe how you eat.',
  listLabel: 'Flavor badges',
  useBadges: useFlavorBadges,
  renderBadge: (badge) => (
    <li key={badge.id} className="badge badge--brand badge--lg">
      {flavorBudLabel(badge.badgeId)}
    </li>
  ),
};

const CITY_BADGES: BadgeKind<CityBadgeDto> = {
  noun: 'city',
  title: 'Cities',
  icon: <MapPin />,
  budsName: 'CityBuds',
  ownEmptyHint: 'Add up to 3 cities you love to eat in.',
  listLabel: 'City badges',
  useBadges: useCityBadges,
  renderBadge: (badge) => {
    const tier = CITY_TIER_DEFAULTS.find((t) => t.level === badge.level);
    return (
      <li key={badge.id} className="badge badge--city badge--lg">
        <span className="badge__tier" style={{ background: tier?.color }} aria-hidden="true" />
        <span>{cityLabel(badge.city)}</span>
        {tier ? <span className="badge__meta">{tier.name}</span> : null}
      </li>
    );
  },
};

const editAction = (
  <Button asChild variant="ghost" size="sm">
    <Link to="/edit-badges">Edit</Link>
  </Button>
);

export function BadgeSections({ userId, isOwn }: BadgeSectionsProps) {
  return (
    <div className="badge-sections">
      <BadgesCard kind={FLAVOR_BADGES} userId={userId} isOwn={isOwn} />
      <BadgesCard kind={CITY_BADGES} userId={userId} isOwn={isOwn} />
    </div>
  );
}

function BadgesCard<T extends { id: number }>({
  kind,
  userId,
  isOwn,
}: BadgeSectionsProps & { kind: BadgeKind<T> }) {
  const badges = kind.useBadges(userId);
  const titleId = `${kind.noun}-badges-title`;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader id={titleId} title={kind.title} icon={kind.icon} action={isOwn ? editAction : undefined} />
      {badges.isPending ? (
        <LoadingState compact label={`Loading ${kind.noun} badges`} />
      ) : badges.isError ? (
        <ErrorState
          compact
          title={`Couldn't load ${kind.noun} badges`}
          message={badges.error.message}
          onRetry={() => void badges.refetch()}
          retrying={badges.isFetching}
        />
      ) : badges.data.length === 0 ? (
        <EmptyState
          compact
          title={isOwn ? `No ${kind.budsName} yet` : `No ${kind.noun} badges yet`}
          description={isOwn ? kind.ownEmptyHint : undefined}
          action={
            isOwn ? (
              <Button asChild size="sm" variant="outline">
                <Link to="/edit-badges">{`Choose ${kind.budsName}`}</Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul className="badge-list" aria-label={kind.listLabel}>
          {badges.data.map(kind.renderBadge)}
        </ul>
      )}
    </Card>
  );
}

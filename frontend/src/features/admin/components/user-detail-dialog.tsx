import type { ReactNode } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { Link } from 'react-router-dom';
import { cityLabel, flavorBudLabel, type AdminUserDto } from '@dinebuds/contracts';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useCityBadges, useFlavorBadges } from '@/features/badges';
import { Stars, useSavedRestaurants, useUserReviews } from '@/features/reviews';
import { formatDateTime } from '@/lib/format';
import { useUserActivity } from '../api/get-user-activity';
import { AuditRow } from './activity-tab';

interface UserDetailDialogProps {
  user: AdminUserDto | null;
  onOpenChange: (open: boolean) => void;
}

/** Spec 2's user-detail dialog: the person's reviews, badges, saved restaurants and activity log. */
export function UserDetailDialog({ user, onOpenChange }: UserDetailDialogProps) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title={user ? `${user.name} (@${user.username})` : ''}
      description={
        user
          ? `${user.isActive ? 'Active' : 'Deactivated'} · ${user.level} · ${user.reviewCount} review(s)` +
            (user.mostVisitedCity ? ` · most visited: ${user.mostVisitedCity}` : '')
          : undefined
      }
      size="lg"
    >
      {user ? (
        <Tabs.Root className="tabs" defaultValue="reviews">
          <Tabs.List className="tabs__list admin__subtabs" aria-label="User details">
            <Tabs.Trigger className="tabs__trigger" value="reviews">
              Reviews
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs__trigger" value="badges">
              Badges
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs__trigger" value="saved">
              Saved Restaurants
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs__trigger" value="activity">
              Activity Log
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="reviews" className="admin__panel">
            <UserReviews userId={user.id} />
          </Tabs.Content>
          <Tabs.Content value="badges" className="admin__panel">
            <UserBadges userId={user.id} />
          </Tabs.Content>
          <Tabs.Content value="saved" className="admin__panel">
            <UserSaved userId={user.id} />
          </Tabs.Content>
          <Tabs.Content value="activity" className="admin__panel">
            <UserActivity userId={user.id} />
          </Tabs.Content>
        </Tabs.Root>
      ) : null}
    </Dialog>
  );
}

/** A query's loading and error states, the same in every tab of the dialog. */
function QueryStates({
  query,
  what,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    refetch: () => unknown;
    isFetching: boolean;
  };
  what: string;
  children: () => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={`Loading ${what}`} compact />;
  if (query.isError)
    return (
      <ErrorState
        title={`Failed to fetch ${what}`}
        message={query.error?.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return <>{children()}</>;
}

function UserReviews({ userId }: { userId: number }) {
  const reviews = useUserReviews(userId);
  return (
    <QueryStates query={reviews} what="reviews">
      {() =>
        !reviews.data?.length ? (
          <EmptyState title="No reviews yet" compact />
        ) : (
          <ul className="admin__list">
            {reviews.data.map((review) => (
              <li key={review.id} className="admin-card">
                <p className="admin-card__line">
                  <Link to={`/restaurant/${review.restaurantId}`}>{review.restaurant.name}</Link>{' '}
                  <Stars rating={review.rating} />
                </p>
                <p className="admin-card__line">{review.comment ?? 'No comment'}</p>
                <p className="admin-card__meta">
                  <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        )
      }
    </QueryStates>
  );
}

function UserBadges({ userId }: { userId: number }) {
  const flavor = useFlavorBadges(userId);
  const city = useCityBadges(userId);
  return (
    <QueryStates
      query={flavor.isError ? flavor : city.isError ? city : flavor.isPending ? flavor : city}
      what="badges"
    >
      {() =>
        !flavor.data?.length && !city.data?.length ? (
          <EmptyState title="No badges yet" compact />
        ) : (
          <ul className="admin-badge-list" aria-label="Badges">
            {flavor.data?.map((badge) => (
              <li key={`f${badge.id}`} className="admin-badge">
                {flavorBudLabel(badge.badgeId)}
              </li>
            ))}
            {city.data?.map((badge) => (
              <li key={`c${badge.id}`} className="admin-badge">
                {cityLabel(badge.city)}Bud · {badge.level} ({badge.reviewCount})
              </li>
            ))}
          </ul>
        )
      }
    </QueryStates>
  );
}

function UserSaved({ userId }: { userId: number }) {
  const saved = useSavedRestaurants(userId);
  return (
    <QueryStates query={saved} what="saved restaurants">
      {() =>
        !saved.data?.length ? (
          <EmptyState title="No saved restaurants" compact />
        ) : (
          <ul className="admin__list">
            {saved.data.map((entry) => (
              <li key={entry.id} className="admin-card">
                <p className="admin-card__line">
                  <Link to={`/restaurant/${entry.restaurantId}`}>{entry.restaurant.name}</Link>
                </p>
                <p className="admin-card__meta">{entry.restaurant.address}</p>
              </li>
            ))}
          </ul>
        )
      }
    </QueryStates>
  );
}

function UserActivity({ userId }: { userId: number }) {
  const activity = useUserActivity(userId);
  return (
    <QueryStates query={activity} what="the activity log">
      {() =>
        !activity.data?.length ? (
          <EmptyState title="No admin actions concern this person" compact />
        ) : (
          <ol className="admin__list">
            {activity.data.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )
      }
    </QueryStates>
  );
}

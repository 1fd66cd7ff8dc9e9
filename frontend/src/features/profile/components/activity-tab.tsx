import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Activity, Bookmark, MapPin, Star } from 'lucide-react';
import type { ActivityItemDto, ActivityResponse } from '@dinebuds/contracts';
import { ToggleChip } from '@/components/ui/chip';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { formatShortDate } from '@/lib/format';
import { Stars, useActivity } from '@/features/reviews';
import { matchesCity } from './city-filter';

type Filter = 'all' | 'review' | 'checkin' | 'save' | 'status';

/** Spec 1 §Activity: the chips with their counts (Statuses: check-ins with a status line and statuses posted alone). */
const CHIPS: { filter: Filter; label: string; count: keyof ActivityResponse['counts'] }[] = [
  { filter: 'all', label: 'All', count: 'all' },
  { filter: 'review', label: 'Reviews', count: 'reviews' },
  { filter: 'checkin', label: 'Check-ins', count: 'checkins' },
  { filter: 'save', label: 'Saves', count: 'saves' },
  { filter: 'status', label: 'Statuses', count: 'statuses' },
];

const VERB: Record<ActivityItemDto['type'], string> = {
  review: 'Reviewed',
  save: 'Saved',
  checkin: 'Checked in at',
};

/** Another user's reviews, saves and check-ins from /api/activity, newest first. */
export function ActivityTab({ userId, search }: { userId: number; search: string }) {
  const activity = useActivity(userId);
  const [filter, setFilter] = useState<Filter>('all');
  if (activity.isPending) return <LoadingState compact label="Loading activity" />;
  if (activity.isError)
    return (
      <ErrorState
        compact
        title="Couldn't load activity"
        message={activity.error.message}
        onRetry={() => void activity.refetch()}
        retrying={activity.isRefetching}
      />
    );
  const { items, counts } = activity.data;
  const shown = items.filter(
    (item) => (filter === 'all' || item.type === filter) && matchesCity(item.restaurant, search),
  );
  return (
    <div className="activity">
      <div className="chip-grid" role="group" aria-label="Filter activity">
        {CHIPS.map((chip) => (
          <ToggleChip
            key={chip.filter}
            selected={filter === chip.filter}
            onToggle={() => setFilter(chip.filter)}
          >
            {chip.label} ({counts[chip.count]})
          </ToggleChip>
        ))}
      </div>
      {shown.length === 0 ? (
        <EmptyState compact icon={<Activity />} title="No activity yet" />
      ) : (
        <ul className="review-list" aria-label="Activity">
          {shown.map((item) => (
            <li key={item.id} className="card review-card">
              <p className="activity__line">
                {item.type === 'review' ? (
                  <Star aria-hidden="true" />
                ) : item.type === 'save' ? (
                  <Bookmark aria-hidden="true" />
                ) : (
                  <MapPin aria-hidden="true" />
                )}
                <span>
                  {VERB[item.type]}{' '}
                  <Link to={`/restaurant/${item.restaurantId}`}>{item.restaurant.name}</Link>
                </span>
              </p>
              {item.rating !== null ? <Stars rating={item.rating} /> : null}
              {item.message ? <p className="review-card__notes">{item.message}</p> : null}
              <p className="review-card__date">{formatShortDate(new Date(item.createdAt))}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

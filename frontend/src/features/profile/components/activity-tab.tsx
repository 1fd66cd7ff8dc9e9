import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Activity, Bookmark, MapPin, MessageCircle, Star } from 'lucide-react';
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
  status: 'Shared a status',
};

const ICON: Record<ActivityItemDto['type'], typeof Star> = {
  review: Star,
  save: Bookmark,
  checkin: MapPin,
  status: MessageCircle,
};

/** Whether an item is under a chip: Statuses are statuses and check-ins with a status line. */
function underChip(item: ActivityItemDto, filter: Filter): boolean {
  if (filter === 'all') return true;
  if (filter === 'status')
    return item.type === 'status' || (item.type === 'checkin' && item.message !== null);
  return item.type === filter;
}

/** Another user's reviews, saves, check-ins and statuses from /api/activity, newest first. */
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
  // A status has no place: a city search leaves it out.
  const shown = items.filter(
    (item) =>
      underChip(item, filter) &&
      (item.restaurant ? matchesCity(item.restaurant, search) : search.trim() === ''),
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
          {shown.map((item) => {
            const Icon = ICON[item.type];
            return (
              <li key={item.id} className="card review-card">
                <p className="activity__line">
                  <Icon aria-hidden="true" />
                  <span>
                    {VERB[item.type]}
                    {item.restaurant ? (
                      <>
                        {' '}
                        <Link to={`/restaurant/${item.restaurant.id}`}>{item.restaurant.name}</Link>
                      </>
                    ) : null}
                  </span>
                </p>
                {item.rating !== null ? <Stars rating={item.rating} /> : null}
                {item.message ? <p className="review-card__notes">{item.message}</p> : null}
                <p className="review-card__date">{formatShortDate(new Date(item.createdAt))}</p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PenLine } from 'lucide-react';
import type { ActivityItemDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { AddReviewSheet, useActivity } from '@/features/reviews';
import { useCurrentCheckIn } from '../api/check-in';

/**
 * Places I checked in at and have not reviewed (newest visit first, each place once), leaving out
 * where I am checked in now: the visit is not over yet.
 */
export function unreviewedVisits(items: ActivityItemDto[], checkedInAt: number | null): ActivityItemDto[] {
  const reviewed = new Set(items.filter((item) => item.type === 'review').map((item) => item.restaurantId));
  const seen = new Set<number>();
  const visits: ActivityItemDto[] = [];
  for (const item of [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt))) {
    if (item.type !== 'checkin' || reviewed.has(item.restaurantId) || seen.has(item.restaurantId)) continue;
    if (item.restaurantId === checkedInAt) continue;
    seen.add(item.restaurantId);
    visits.push(item);
  }
  return visits;
}

/**
 * "How was it?" (issue #25, unreviewed visits): my check-ins without a review; one tap opens the
 * add-review sheet filled in for that place, so the review attaches to it.
 */
export function UnreviewedVisits({ userId }: { userId: number }) {
  const activity = useActivity(userId);
  const current = useCurrentCheckIn();
  const [reviewing, setReviewing] = useState<ActivityItemDto | null>(null);
  const visits = useMemo(
    () => unreviewedVisits(activity.data?.items ?? [], current.data?.checkIn?.restaurantId ?? null),
    [activity.data, current.data],
  );
  if (visits.length === 0) return null;

  return (
    <section className="card unreviewed" aria-labelledby="unreviewed-title">
      <h2 className="unreviewed__title" id="unreviewed-title">
        How was it?
      </h2>
      <p className="feed-item__address">Places you checked in at and have not reviewed yet.</p>
      <ul className="unreviewed__list">
        {visits.map((visit) => (
          <li key={visit.restaurantId} className="unreviewed__item">
            <Link to={`/restaurants/${visit.restaurantId}`}>{visit.restaurant.name}</Link>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Review ${visit.restaurant.name}`}
              onClick={() => setReviewing(visit)}
            >
              <PenLine aria-hidden="true" /> Review
            </Button>
          </li>
        ))}
      </ul>
      {reviewing ? (
        <AddReviewSheet
          key={reviewing.restaurantId}
          open
          onOpenChange={(open) => {
            if (!open) setReviewing(null);
          }}
          initial={{ restaurantName: reviewing.restaurant.name, address: reviewing.restaurant.address }}
        />
      ) : null}
    </section>
  );
}

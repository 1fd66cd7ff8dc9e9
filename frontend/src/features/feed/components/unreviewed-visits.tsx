import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PenLine } from 'lucide-react';
import type { UnreviewedVisitDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { LazyAddReviewSheet } from '@/features/reviews';
import { useUnreviewedVisits } from '../api/get-unreviewed-visits';

/**
 * "How was it?" (issue #25, unreviewed visits): my ended check-ins at places I have not reviewed
 * since (GET /api/check-ins/unreviewed); one tap opens the add-review sheet filled in for that
 * place, so the review attaches to it and the place leaves the list.
 */
export function UnreviewedVisits() {
  const visits = useUnreviewedVisits();
  const [reviewing, setReviewing] = useState<UnreviewedVisitDto | null>(null);
  if (!visits.data || visits.data.length === 0) return null;

  return (
    <section className="card unreviewed" aria-labelledby="unreviewed-title">
      <h2 className="unreviewed__title" id="unreviewed-title">
        How was it?
      </h2>
      <p className="feed-item__address">Places you checked in at and have not reviewed yet.</p>
      <ul className="unreviewed__list">
        {visits.data.map((visit) => (
          <li key={visit.checkInId} className="unreviewed__item">
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
        <LazyAddReviewSheet
          key={reviewing.checkInId}
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

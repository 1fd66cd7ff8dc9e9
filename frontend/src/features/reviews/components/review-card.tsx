import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MapPin, Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { ReviewDto } from '@dinebuds/contracts';
import { ReportReviewButton } from '@/features/moderation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatShortDate } from '@/lib/format';
import { useDeleteReview } from '../api/delete-review';
import { EditReviewDialog } from './edit-review-dialog';
import { Stars } from './star-rating';
import '../reviews.css';

function formatVisit(review: ReviewDto): string {
  const date = review.visitDate ?? review.createdAt.slice(0, 10);
  const parsed = new Date(`${date}T12:00:00`);
  return Number.isNaN(parsed.getTime()) ? date : formatShortDate(parsed);
}

/**
 * Spec 1 §List tab: one review card; Edit and Delete only on one's own profile, Report on someone
 * else's (for a signed-in viewer: `canReport`).
 */
export function ReviewCard({
  review,
  isOwn,
  canReport = false,
}: {
  review: ReviewDto;
  isOwn: boolean;
  canReport?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteReview();
  const name = review.restaurant.name;

  return (
    <li className="card review-card">
      <div className="review-card__head">
        <h3 className="review-card__title">
          <Link to={`/restaurant/${review.restaurantId}`}>{name}</Link>
        </h3>
        <span className="tag">Restaurant Review</span>
      </div>
      <Stars rating={review.rating} />
      <p className="review-card__address">
        <MapPin aria-hidden="true" />
        {review.restaurant.address}
      </p>
      {review.restaurant.locationApproximate ? (
        <p className="review-card__warning">Location approximated</p>
      ) : null}
      <p className="review-card__date">Visited {formatVisit(review)}</p>
      {review.notes ? <p className="review-card__notes">{review.notes}</p> : null}
      {isOwn ? (
        <div className="review-card__actions">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={`Edit review of ${name}`}
          >
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setConfirming(true)}
            aria-label={`Delete review of ${name}`}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
      ) : canReport ? (
        <div className="review-card__actions">
          <ReportReviewButton reviewId={review.id} describe={`of ${name}`} />
        </div>
      ) : null}
      {editing ? <EditReviewDialog review={review} open={editing} onOpenChange={setEditing} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete review?"
        description="Are you sure you want to delete this review?"
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(review.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Review deleted');
            },
            onError: () =>
              toast.error('Error', { description: 'Failed to delete review. Please try again.' }),
          })
        }
      />
    </li>
  );
}

import type { AdminReviewDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { reviewerLabel } from './review-labels';

interface ReviewDetailsDialogProps {
  review: AdminReviewDto | null;
  onClose: () => void;
  onDelete: (review: AdminReviewDto) => void;
}

/** Spec 2's review details: restaurant, reviewer, dates, rating out of 5, the full comment. */
export function ReviewDetailsDialog({ review, onClose, onDelete }: ReviewDetailsDialogProps) {
  return (
    <Dialog
      open={review !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Review details"
      size="md"
      footer={
        review ? (
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button variant="danger" onClick={() => onDelete(review)}>
              Delete Review
            </Button>
          </>
        ) : null
      }
    >
      {review ? (
        <dl className="admin-details">
          <dt>Restaurant</dt>
          <dd>
            {review.restaurant.name}
            <br />
            <span className="admin-card__meta">
              {review.restaurant.address}
              {review.restaurant.city ? `, ${review.restaurant.city}` : ''}
            </span>
          </dd>
          <dt>Reviewer</dt>
          <dd>{reviewerLabel(review)}</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(review.createdAt)}</dd>
          {review.visitDate ? (
            <>
              <dt>Visited</dt>
              <dd>{review.visitDate}</dd>
            </>
          ) : null}
          <dt>Rating</dt>
          <dd>{review.rating} out of 5</dd>
          <dt>Comment</dt>
          <dd className="admin-details__message">{review.comment ?? 'No comment'}</dd>
        </dl>
      ) : null}
    </Dialog>
  );
}

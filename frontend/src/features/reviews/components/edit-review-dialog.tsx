import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ReviewDto } from '@dinebuds/contracts';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@dinebuds/contracts';
import { Dialog } from '@/components/ui/dialog';
import { useUpdateReview } from '../api/update-review';
import { ReviewRatingNotesFields } from './review-rating-notes-fields';
import '../reviews.css';

interface EditReviewDialogProps {
  review: ReviewDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edits a review's rating and notes (PATCH /api/reviews/{id}). */
export function EditReviewDialog({ review, open, onOpenChange }: EditReviewDialogProps) {
  const [rating, setRating] = useState(review.rating);
  const [notes, setNotes] = useState(review.notes ?? '');
  const [ratingError, setRatingError] = useState<string>();
  const update = useUpdateReview();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < REVIEW_LIMITS.ratingMin) {
      setRatingError(REVIEW_MESSAGES.ratingRequired);
      return;
    }
    update.mutate(
      { id: review.id, rating, notes: notes.trim() || null },
      {
        onSuccess: () => {
          toast.success('Review updated');
          onOpenChange(false);
        },
        onError: (error) => toast.error('Failed to update review', { description: error.message }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Review"
      description={review.restaurant.name}
      dismissible={!update.isPending}
    >
      <form className="form" noValidate onSubmit={submit}>
        <ReviewRatingNotesFields
          rating={rating}
          onRatingChange={setRating}
          ratingError={ratingError}
          notes={notes}
          onNotesChange={setNotes}
          pending={update.isPending}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}

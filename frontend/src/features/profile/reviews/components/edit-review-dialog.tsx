import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ReviewDto } from '@dinebuds/contracts';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { useUpdateReview } from '@/lib/reviews';
import { StarRatingInput } from '@/components/star-rating';

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
        <StarRatingInput label="Rating *" value={rating} onChange={setRating} error={ratingError} />
        <Field label="Notes (Optional)">
          <Textarea
            value={notes}
            rows={3}
            maxLength={REVIEW_LIMITS.notesMax}
            onChange={(event) => setNotes(event.target.value)}
          />
        </Field>
        <Button type="submit" block loading={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </Dialog>
  );
}

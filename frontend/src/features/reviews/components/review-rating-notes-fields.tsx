import { REVIEW_LIMITS } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { StarRatingInput } from './star-rating';
import '../reviews.css';

interface ReviewRatingNotesFieldsProps {
  rating: number;
  onRatingChange: (rating: number) => void;
  ratingError?: string;
  notes: string;
  onNotesChange: (notes: string) => void;
  /** While the review is being sent: the button shows `pendingLabel` and a spinner. */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
}

/**
 * The rating, notes and submit button that end both review forms (add and edit), so their
 * labels, limits and accessible wiring stay the same in both.
 */
export function ReviewRatingNotesFields({
  rating,
  onRatingChange,
  ratingError,
  notes,
  onNotesChange,
  pending,
  submitLabel,
  pendingLabel,
}: ReviewRatingNotesFieldsProps) {
  return (
    <>
      <StarRatingInput label="Rating *" value={rating} onChange={onRatingChange} error={ratingError} />
      <Field label="Notes (Optional)">
        <Textarea
          value={notes}
          rows={3}
          maxLength={REVIEW_LIMITS.notesMax}
          onChange={(event) => onNotesChange(event.target.value)}
        />
      </Field>
      <Button type="submit" block loading={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </>
  );
}

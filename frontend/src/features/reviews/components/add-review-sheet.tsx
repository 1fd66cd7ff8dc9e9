import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@dinebuds/contracts';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { useCreateReview } from '../api/create-review';
import { ExistingPlaceSuggestions, type ExistingPlace } from './existing-place-suggestions';
import { ReviewRatingNotesFields } from './review-rating-notes-fields';
import '../reviews.css';

interface AddReviewSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The restaurant page fills in its place; the profile starts empty. */
  initial?: { restaurantName: string; address: string };
}

type Errors = Partial<Record<'restaurantName' | 'address' | 'rating', string>>;

/** Spec 1 §Add Review bottom sheet, with the validation messages and toasts of spec 1 §5 and §8. */
export function AddReviewSheet({ open, onOpenChange, initial }: AddReviewSheetProps) {
  const [restaurantName, setRestaurantName] = useState(initial?.restaurantName ?? '');
  const [address, setAddress] = useState(initial?.address ?? '');
  const [rating, setRating] = useState(0);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // Suggest known places only while the person types a name (not for the page's own place).
  const [suggesting, setSuggesting] = useState(false);
  const [picked, setPicked] = useState<ExistingPlace | null>(null);
  const create = useCreateReview();

  const pick = (place: ExistingPlace) => {
    setRestaurantName(place.name);
    setAddress(place.address);
    setPicked(place);
    setSuggesting(false);
  };

  const reset = () => {
    setRestaurantName(initial?.restaurantName ?? '');
    setAddress(initial?.address ?? '');
    setRating(0);
    setNotes('');
    setErrors({});
    setSuggesting(false);
    setPicked(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!restaurantName.trim()) next.restaurantName = REVIEW_MESSAGES.restaurantNameRequired;
    if (!address.trim()) next.address = REVIEW_MESSAGES.addressRequired;
    if (rating < REVIEW_LIMITS.ratingMin) next.rating = REVIEW_MESSAGES.ratingRequired;
    setErrors(next);
    // One toast at a time (spec 1 §8): the first problem in the spec's order.
    if (next.rating) {
      toast.error('Rating required', { description: 'Please select a rating for the restaurant' });
      return;
    }
    if (next.restaurantName) {
      toast.error('Restaurant name required', { description: 'Please enter a restaurant name' });
      return;
    }
    if (next.address) {
      toast.error('Address required', { description: 'Please enter a restaurant address' });
      return;
    }
    create.mutate(
      { restaurantName: restaurantName.trim(), address: address.trim(), rating, notes: notes.trim() || null },
      {
        onSuccess: (review) => {
          toast.success('Review added', {
            description: review.restaurant.locationApproximate
              ? 'Location approximated: the pin is at the centre of the city.'
              : undefined,
          });
          reset();
          onOpenChange(false);
        },
        onError: (error) =>
          toast.error('Error submitting review', {
            description:
              error.message ||
              'Failed to add review. Please try again. If this persists, try logging out and back in.',
          }),
      },
    );
  };

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!create.isPending) onOpenChange(next);
      }}
      title="Add Review"
      description="Share a restaurant you visited."
    >
      <form className="form" noValidate onSubmit={submit}>
        <Field label="Restaurant Name *" error={errors.restaurantName}>
          <Input
            value={restaurantName}
            maxLength={REVIEW_LIMITS.restaurantNameMax}
            autoComplete="off"
            onChange={(event) => {
              setRestaurantName(event.target.value);
              setSuggesting(true);
              setPicked(null);
            }}
          />
        </Field>
        {suggesting ? <ExistingPlaceSuggestions text={restaurantName} onPick={pick} /> : null}
        {picked && picked.name === restaurantName && picked.address === address ? (
          <p className="existing-places__hint" role="status">
            Your review will be added to {picked.name} at {picked.address}.
          </p>
        ) : null}
        <Field label="Address *" error={errors.address} hint='Street and city, e.g. "12 Main St, Chicago"'>
          <Input
            value={address}
            maxLength={REVIEW_LIMITS.addressMax}
            autoComplete="off"
            onChange={(event) => setAddress(event.target.value)}
          />
        </Field>
        <ReviewRatingNotesFields
          rating={rating}
          onRatingChange={setRating}
          ratingError={errors.rating}
          notes={notes}
          onNotesChange={setNotes}
          pending={create.isPending}
          submitLabel="Submit Review"
          pendingLabel="Submitting..."
        />
      </form>
    </ResponsiveDialog>
  );
}

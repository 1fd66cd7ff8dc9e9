import { useState, type FormEvent } from 'react';
import { LogOut, MapPinCheck, PenLine } from 'lucide-react';
import { toast } from 'sonner';
import { DISCOVERY_LIMITS } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LazyAddReviewSheet } from '@/features/reviews';
import { useCheckInActions, useCurrentCheckIn } from '../api/check-in';
import '../feed.css';

/**
 * Check in at a restaurant from its page, with an optional status line, and check out again
 * (issue #25: one open check-in per person; the server closes it by itself after 4 hours).
 */
export function CheckInButton({ restaurant }: { restaurant: { id: number; name: string; address: string } }) {
  const current = useCurrentCheckIn();
  const { checkIn, checkOut } = useCheckInActions();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  // After a check-out: "How was it?" with the review sheet filled in for this place.
  const [visited, setVisited] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const here = current.data?.checkIn?.restaurantId === restaurant.id ? current.data.checkIn : null;

  if (here) {
    return (
      <div className="check-in check-in--here" role="status">
        <p className="check-in__text">
          <MapPinCheck aria-hidden="true" />
          <span>You are checked in here{here.status ? `: “${here.status}”` : ''}</span>
        </p>
        <Button
          variant="outline"
          size="sm"
          loading={checkOut.isPending}
          onClick={() =>
            checkOut.mutate(undefined, {
              onSuccess: () => {
                toast.success('Checked out', { description: restaurant.name });
                setVisited(true);
              },
              onError: (error) => toast.error('Check-out failed', { description: error.message }),
            })
          }
        >
          <LogOut aria-hidden="true" /> Check out
        </Button>
      </div>
    );
  }

  if (!open) {
    return (
      <>
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)} disabled={current.isPending}>
          <MapPinCheck aria-hidden="true" /> Check in
        </Button>
        {visited ? (
          <div className="check-in check-in--visited" role="status">
            <p className="check-in__prompt">How was it?</p>
            <Button size="sm" variant="outline" onClick={() => setReviewing(true)}>
              <PenLine aria-hidden="true" /> Write a review
            </Button>
          </div>
        ) : null}
        {reviewing ? (
          <LazyAddReviewSheet
            open
            onOpenChange={(next) => {
              setReviewing(next);
              if (!next) setVisited(false);
            }}
            initial={{ restaurantName: restaurant.name, address: restaurant.address }}
          />
        ) : null}
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    checkIn.mutate(
      { restaurantId: restaurant.id, status: status.trim() || null },
      {
        onSuccess: () => {
          toast.success('Checked in', { description: restaurant.name });
          setOpen(false);
          setStatus('');
        },
        onError: (error) => toast.error('Check-in failed', { description: error.message }),
      },
    );
  };

  return (
    <form className="check-in check-in--form" onSubmit={submit} aria-label={`Check in at ${restaurant.name}`}>
      <Field label="Status (optional)" hint={`${status.length}/${DISCOVERY_LIMITS.checkInStatusMax}`}>
        <Input
          value={status}
          maxLength={DISCOVERY_LIMITS.checkInStatusMax}
          placeholder="Trying the tasting menu"
          onChange={(event) => setStatus(event.target.value)}
        />
      </Field>
      <div className="check-in__actions">
        <Button type="submit" size="sm" loading={checkIn.isPending}>
          <MapPinCheck aria-hidden="true" /> Check in
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

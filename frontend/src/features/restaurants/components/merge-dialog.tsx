import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { DISCOVERY_LIMITS, type RestaurantDetailDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useRestaurantSearch } from '@/features/reviews';
import { useMergeRestaurant } from '../api/merge-restaurant';

interface MergeDialogProps {
  restaurant: RestaurantDetailDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Admins: merge this entry into another entry of the same place, picked with the restaurant
 * search. This entry's reviews, saves and check-ins move there and this page goes away, so the
 * admin lands on the kept entry's page.
 */
export default function MergeDialog({ restaurant, open, onOpenChange }: MergeDialogProps) {
  const navigate = useNavigate();
  const merge = useMergeRestaurant(restaurant.id);
  const [text, setText] = useState(restaurant.name);
  const [keepId, setKeepId] = useState<number | null>(null);
  const search = useRestaurantSearch(text);
  const candidates = (search.data ?? []).filter((item) => item.id !== restaurant.id);
  const kept = candidates.find((item) => item.id === keepId) ?? null;
  const tooShort = text.trim().length < DISCOVERY_LIMITS.searchQueryMin;

  const onMerge = () => {
    if (!kept) return;
    merge.mutate(kept.id, {
      onSuccess: (answer) => {
        toast.success('Restaurants merged', {
          description: `${restaurant.name} is now part of ${kept.name}.`,
        });
        onOpenChange(false);
        navigate(`/restaurants/${answer.keptId}`, { replace: true });
      },
      onError: (failure) => toast.error('Failed to merge restaurants', { description: failure.message }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Merge into…"
      description={`Pick the entry to keep for this place. Reviews, saves and check-ins of ${restaurant.name} move there and this entry is removed; a person who reviewed both keeps their newer review.`}
      dismissible={!merge.isPending}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={merge.isPending}>
            Cancel
          </Button>
          <Button variant="danger" disabled={!kept} loading={merge.isPending} onClick={onMerge}>
            Merge
          </Button>
        </>
      }
    >
      <Field label="Find the entry to keep">
        <Input
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setKeepId(null);
          }}
        />
      </Field>
      {tooShort ? (
        <p className="field__hint">Type at least {DISCOVERY_LIMITS.searchQueryMin} characters.</p>
      ) : search.isError ? (
        <p className="field__error" role="alert">
          Search failed. Please try again.
        </p>
      ) : search.isPending ? (
        <p className="field__hint">Searching…</p>
      ) : candidates.length === 0 ? (
        <p className="field__hint">No other restaurant matches.</p>
      ) : (
        <fieldset className="merge-choices">
          <legend className="sr-only">Entry to keep</legend>
          {candidates.map((item) => (
            <label key={item.id} className="merge-choice">
              <input
                type="radio"
                name="keep"
                value={item.id}
                checked={keepId === item.id}
                onChange={() => setKeepId(item.id)}
              />
              <span>
                <span className="merge-choice__name">{item.name}</span>
                <span className="merge-choice__address">
                  {item.address} · {item.totalReviews} {item.totalReviews === 1 ? 'review' : 'reviews'}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Dialog>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Bookmark, MapPin } from 'lucide-react';
import { toast } from 'sonner';
import type { SavedRestaurantDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useRemoveSaved, useSavedRestaurants } from '@/features/reviews';
import { matchesCity } from './city-filter';

/** Spec 1 §Saved tab (own profile): saved restaurants with Remove. */
export function SavedTab({ userId, search }: { userId: number; search: string }) {
  const saved = useSavedRestaurants(userId);
  if (saved.isPending) return <LoadingState compact label="Loading saved restaurants" />;
  if (saved.isError)
    return (
      <ErrorState
        compact
        title="Couldn't load saved restaurants"
        message={saved.error.message}
        onRetry={() => void saved.refetch()}
        retrying={saved.isRefetching}
      />
    );
  const shown = saved.data.filter((entry) => matchesCity(entry.restaurant, search));
  if (shown.length === 0)
    return (
      <EmptyState
        compact
        icon={<Bookmark />}
        title={search.trim() ? `No saved restaurants in ${search.trim()}` : 'No saved restaurants'}
      />
    );
  return (
    <ul className="review-list" aria-label="Saved restaurants">
      {shown.map((entry) => (
        <SavedCard key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

function SavedCard({ entry }: { entry: SavedRestaurantDto }) {
  const remove = useRemoveSaved();
  const [gone, setGone] = useState(false);
  const name = entry.restaurant.name;
  if (gone) return null;
  return (
    <li className="card review-card">
      <div className="review-card__head">
        <h3 className="review-card__title">
          <Link to={`/restaurant/${entry.restaurantId}`}>{name}</Link>
        </h3>
        <Button
          variant="ghost"
          size="sm"
          loading={remove.isPending}
          aria-label={`Remove ${name} from saved`}
          onClick={() =>
            remove.mutate(entry.restaurantId, {
              onSuccess: () => {
                setGone(true);
                toast.success('Removed');
              },
              onError: (error) => toast.error('Could not remove restaurant', { description: error.message }),
            })
          }
        >
          Remove
        </Button>
      </div>
      <p className="review-card__address">
        <MapPin aria-hidden="true" />
        {entry.restaurant.address}
      </p>
      {entry.notes ? <p className="review-card__notes">{entry.notes}</p> : null}
    </li>
  );
}

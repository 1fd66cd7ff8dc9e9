import { Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { MapPinOff, RefreshCw } from 'lucide-react';
import type { ReviewDto } from '@dinebuds/contracts';
import { LeafletMap, type MapPin } from '@/components/map/lazy-leaflet-map';
import { Stars } from '@/features/reviews';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { useEnv } from '@/lib/env';

function pinColour(rating: number): string {
  if (rating >= 4) return '#2e7a3d';
  if (rating >= 2) return '#b7791f';
  return '#c53030';
}

/** One pin per placed review, coloured by its rating, with the info popup of spec 1. */
function reviewPins(reviews: ReviewDto[]): MapPin[] {
  return reviews.flatMap((review) => {
    const { latitude, longitude } = review.restaurant;
    if (latitude === null || longitude === null) return [];
    return [
      {
        id: review.id,
        latitude,
        longitude,
        colour: pinColour(review.rating),
        popup: (
          <div className="map-popup">
            <img src={review.restaurant.photoUrl} alt="" width={64} height={64} />
            <Link to={`/restaurant/${review.restaurantId}`}>{review.restaurant.name}</Link>
            <p>{review.restaurant.address}</p>
            <Stars rating={review.rating} />
          </div>
        ),
      },
    ];
  });
}

/** Spec 1 §4 map loading: loading, ready, or error (the list fallback); retry starts again. */
type MapState = 'loading' | 'ready' | 'error';

export function MapTab({ reviews }: { reviews: ReviewDto[] }) {
  const env = useEnv();
  const pins = useMemo(() => reviewPins(reviews), [reviews]);
  const [state, setState] = useState<MapState>('loading');
  const [attempt, setAttempt] = useState(0);

  if (reviews.length === 0) return <EmptyState compact icon={<MapPinOff />} title="No reviews yet" />;
  if (env.isError || state === 'error') {
    return (
      <MapFallback
        reviews={reviews}
        onRetry={() => {
          setState('loading');
          setAttempt((n) => n + 1);
          if (env.isError) void env.refetch();
        }}
      />
    );
  }
  if (env.isPending) return <LoadingState compact label="Loading map" />;
  return (
    <div className="review-map">
      {state === 'loading' ? <p className="sr-only">Loading map</p> : null}
      <Suspense fallback={<LoadingState compact label="Loading map" />}>
        <LeafletMap
          key={attempt}
          pins={pins}
          tileUrl={env.data.mapTileUrl}
          singlePinZoom={14}
          showMyPosition
          onReady={() => setState('ready')}
          onError={() => setState('error')}
        />
      </Suspense>
      <ul className="map-legend" aria-label="Legend">
        <li>
          <span className="map-legend__dot map-legend__dot--high" aria-hidden="true" /> 4-5 stars
        </li>
        <li>
          <span className="map-legend__dot map-legend__dot--mid" aria-hidden="true" /> 2-3 stars
        </li>
        <li>
          <span className="map-legend__dot map-legend__dot--low" aria-hidden="true" /> 0-1 stars
        </li>
      </ul>
    </div>
  );
}

/** "Map view unavailable": the reviews grouped by city, a city dropdown and a retry. */
function MapFallback({ reviews, onRetry }: { reviews: ReviewDto[]; onRetry: () => void }) {
  const [city, setCity] = useState('');
  const groups = useMemo(() => {
    const byCity = new Map<string, ReviewDto[]>();
    for (const review of reviews) {
      const name = review.restaurant.city ?? 'Other';
      byCity.set(name, [...(byCity.get(name) ?? []), review]);
    }
    return [...byCity.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [reviews]);
  const shown = city ? groups.filter(([name]) => name === city) : groups;

  return (
    <div className="map-fallback">
      <div className="notice" role="status">
        <MapPinOff aria-hidden="true" />
        <p>Map view unavailable</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" /> Retry
        </Button>
      </div>
      <label className="field__label" htmlFor="map-fallback-city">
        City
      </label>
      <select
        id="map-fallback-city"
        className="input"
        value={city}
        onChange={(event) => setCity(event.target.value)}
      >
        <option value="">All Cities ({reviews.length})</option>
        {groups.map(([name, items]) => (
          <option key={name} value={name}>
            {name} ({items.length})
          </option>
        ))}
      </select>
      {shown.map(([name, items]) => (
        <section key={name} aria-label={name} className="map-fallback__group">
          <h3 className="map-fallback__city">{name}</h3>
          <ul className="review-list review-list--compact">
            {items.map((review) => (
              <li key={review.id} className="card review-card">
                <Link to={`/restaurant/${review.restaurantId}`}>{review.restaurant.name}</Link>
                <Stars rating={review.rating} />
                <p className="review-card__address">{review.restaurant.address}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

import { startTransition, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ExternalLink, MapPinOff, RefreshCw } from 'lucide-react';
import type { RestaurantDetailDto } from '@dinebuds/contracts';
import { LeafletMap, type MapPin } from '@/components/map/lazy-leaflet-map';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/states';
import { useEnv } from '@/lib/env';
import { mapsSearchLink } from './maps-link';

const PIN_COLOUR = '#c2410c';

/**
 * Spec 2 §Restaurant detail page: a map with one pin at the restaurant, or "Map view unavailable"
 * with the address and a maps search when there is no position or the tiles cannot load.
 */
export function RestaurantMap({ restaurant }: { restaurant: RestaurantDetailDto }) {
  const env = useEnv();
  const sectionRef = useRef<HTMLElement>(null);
  const wanted = useAfterFirstPaintNearView(sectionRef);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { latitude, longitude } = restaurant;
  const pins = useMemo<MapPin[]>(
    () =>
      latitude === null || longitude === null
        ? []
        : [
            {
              id: restaurant.id,
              latitude,
              longitude,
              colour: PIN_COLOUR,
              popup: (
                <div className="map-popup">
                  <strong>{restaurant.name}</strong>
                  <p>{restaurant.address}</p>
                </div>
              ),
            },
          ],
    [restaurant.id, restaurant.name, restaurant.address, latitude, longitude],
  );

  let body;
  if (pins.length === 0) {
    body = <MapFallback restaurant={restaurant} />;
  } else if (env.isError || failed) {
    body = (
      <MapFallback
        restaurant={restaurant}
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
          if (env.isError) void env.refetch();
        }}
      />
    );
  } else if (env.isPending || !wanted) {
    body = <LoadingState compact label="Loading map" />;
  } else {
    body = (
      <Suspense fallback={<LoadingState compact label="Loading map" />}>
        <LeafletMap key={attempt} pins={pins} tileUrl={env.data.mapTileUrl} onError={() => setFailed(true)} />
      </Suspense>
    );
  }

  return (
    <section ref={sectionRef} aria-labelledby="restaurant-map-title" className="restaurant__map">
      <h2 id="restaurant-map-title" className="section-title">
        Location
      </h2>
      {/* With a position, the map's place is kept from the first paint: the map (or its fallback)
          arrives after the page has painted, and the reviews below must not move when it does. */}
      {pins.length > 0 ? <div className="restaurant__map-slot">{body}</div> : body}
      {restaurant.locationApproximate ? <p className="review-card__warning">Location approximated</p> : null}
    </section>
  );
}

/**
 * True once the page has painted and the map is within a screen of the viewport: Leaflet (its
 * chunk, styles and tiles) then loads without competing with the page's first paint, and not at
 * all for a visitor who never scrolls near it. Without IntersectionObserver: at once.
 */
function useAfterFirstPaintNearView(ref: React.RefObject<HTMLElement | null>): boolean {
  // Never on the server: the map is the browser's (Leaflet needs a window), and the page hydrates without it.
  const [wanted, setWanted] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = ref.current;
    if (wanted || !element) return;
    let idle: number | ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // A transition: React then commits the map (Leaflet's set-up, a forced layout) and runs
        // its layers' effects (tiles, markers) in separate tasks, not in one long one.
        const start = () => startTransition(() => setWanted(true));
        idle =
          typeof requestIdleCallback === 'function'
            ? requestIdleCallback(start, { timeout: 1500 })
            : setTimeout(start, 200);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (idle === undefined) return;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle as number);
      else clearTimeout(idle as ReturnType<typeof setTimeout>);
    };
  }, [ref, wanted]);
  return wanted;
}

function MapFallback({ restaurant, onRetry }: { restaurant: RestaurantDetailDto; onRetry?: () => void }) {
  return (
    <div className="map-fallback">
      <div className="notice" role="status">
        <MapPinOff aria-hidden="true" />
        <p>Map view unavailable</p>
        {onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw aria-hidden="true" /> Retry
          </Button>
        ) : null}
      </div>
      <p className="restaurant__fallback-address">{restaurant.address}</p>
      <a href={mapsSearchLink(restaurant)} target="_blank" rel="noopener noreferrer">
        Search on Google Maps
        <ExternalLink aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

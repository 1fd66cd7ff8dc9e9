import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { LocateFixed, List, Map as MapIcon, MapPin, Plus, SearchX, UtensilsCrossed } from 'lucide-react';
import { RANKED_SORTS, cityLabel, type RankedSort } from '@dinebuds/contracts';
import { CitySearch } from '@/components/city-search';
import { Button } from '@/components/ui/button';
import { ToggleChip } from '@/components/ui/chip';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { LazyAddReviewSheet } from '@/features/reviews';
import { prefetchRankedRestaurants, useRankedRestaurants } from '../api/get-ranked-restaurants';
import { useSaveToggle } from '../api/toggle-saved';
import { useLocationDetection, type LocationFailure } from '../hooks/use-location-detection';
import { RankedList } from './ranked-list';
import { RankedMap } from './ranked-map';
import { RestaurantSearch } from './restaurant-search';

export const SORT_LABELS: Record<RankedSort, string> = {
  'top-rated': 'Top Rated',
  'near-you': 'Near You',
  'most-visited': 'Most Visited',
  'buds-like-me': 'Buds like me',
};

type ViewMode = 'list' | 'map';

const FAILURE_TEXT: Record<LocationFailure, string> = {
  denied: 'Location permission was denied.',
  timeout: 'The location request timed out.',
  unavailable: 'Your position could not be determined.',
  unsupported: 'This browser has no geolocation.',
};

/**
 * Discover (spec 2 §2): location detection among the known cities, the city selector, the sort
 * chips, and the ranked list or map with every state. A chosen city, the sort and the view live in
 * the address; a detected city stays out of it until the diner changes one of them, so a shared
 * /discover detects anew for whoever opens it, and detection needs no navigation.
 */
export function DiscoverTab() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const chosenCity = params.get('city')?.trim() || null;
  const [detectedCity, setDetectedCity] = useState<string | null>(null);
  const city = chosenCity ?? detectedCity;
  const sortParam = params.get('sort');
  const sort: RankedSort = (RANKED_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as RankedSort)
    : 'top-rated';
  const view: ViewMode = params.get('view') === 'map' ? 'map' : 'list';
  const [adding, setAdding] = useState(false);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // The detected city goes into the address with the first change: the link then shows it.
        if (detectedCity && !next.has('city')) next.set('city', detectedCity);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const detection = useLocationDetection(city !== null, (found, position) => {
    prefetchRankedRestaurants(queryClient, { city: found, sort, position });
    // A city in the address was chosen: Try Again's answer replaces it there.
    if (chosenCity) update({ city: found });
    else setDetectedCity(found);
  });
  const saves = useSaveToggle();
  const ranked = useRankedRestaurants(city ? { city, sort, position: detection.position } : null);
  const shownCity = city ? cityLabel(city) : '';

  const chooseSort = async (next: RankedSort) => {
    if (next === 'near-you' && !detection.position) {
      // Near You needs the position; without it the sort stays as it was.
      const found = await detection.locate();
      if (!found) return;
    }
    update({ sort: next === 'top-rated' ? null : next });
  };

  return (
    <div className="stack discover-tab">
      <RestaurantSearch />

      <CitySearch
        label="City"
        placeholder="Search any city..."
        addLabel="Show"
        onAdd={(name) => {
          if (!name) return false;
          update({ city: name });
        }}
      />

      {detection.failure ? (
        <div className="notice discover-notice discover-location-failed" role="status">
          <MapPin aria-hidden="true" />
          <div>
            <p className="notice__title">We couldn&apos;t detect your location</p>
            <p>{FAILURE_TEXT[detection.failure]} Location can fail when:</p>
            <ul className="discover-location-failed__reasons">
              <li>permission to use your location was denied</li>
              <li>the location request timed out</li>
              <li>your browser has no geolocation</li>
            </ul>
          </div>
          <Button variant="outline" size="sm" onClick={detection.retry}>
            <LocateFixed aria-hidden="true" /> Try Again
          </Button>
        </div>
      ) : null}

      {detection.detecting && !city ? (
        // Spec 2 §2's "Detecting location", with why the browser asks. The server renders it too:
        // a first visit's largest text until the rankings come.
        <LoadingState
          label="Detecting your location..."
          description="Allow location access when your browser asks, and Discover opens on the nearest city with your buds' top-rated restaurants. You can also search for any city above."
        />
      ) : !city ? (
        <EmptyState icon={<MapPin />} title="Search for any city to get started" />
      ) : (
        <>
          <div className="discover-controls">
            <p className="discover-city">
              <MapPin aria-hidden="true" />
              <span>
                Restaurants in <strong>{shownCity}</strong>
              </span>
              {detection.detecting ? <span className="discover-hint">Detecting your location...</span> : null}
            </p>
            <div className="discover-chips" role="group" aria-label="Sort by">
              {RANKED_SORTS.map((option) => (
                <ToggleChip key={option} selected={sort === option} onToggle={() => void chooseSort(option)}>
                  {SORT_LABELS[option]}
                </ToggleChip>
              ))}
            </div>
            <div className="discover-switch" role="group" aria-label="View">
              <button
                type="button"
                className="discover-switch__item"
                aria-pressed={view === 'map'}
                onClick={() => update({ view: 'map' })}
              >
                <MapIcon aria-hidden="true" /> Map
              </button>
              <button
                type="button"
                className="discover-switch__item"
                aria-pressed={view === 'list'}
                onClick={() => update({ view: null })}
              >
                <List aria-hidden="true" /> List
              </button>
            </div>
          </div>

          {ranked.isPending && ranked.fetchStatus !== 'idle' ? (
            <LoadingState label="Loading rankings" />
          ) : ranked.isError ? (
            <ErrorState
              title="Error"
              message="Failed to load restaurant rankings. Please try again."
              onRetry={() => void ranked.refetch()}
              retrying={ranked.isFetching}
            />
          ) : !ranked.data ? null : ranked.data.length === 0 ? (
            view === 'map' ? (
              <EmptyState
                icon={<UtensilsCrossed />}
                title="No restaurants here yet"
                description={`Be the first to rate a restaurant in ${shownCity}!`}
                action={
                  <Button onClick={() => setAdding(true)}>
                    <Plus aria-hidden="true" /> Add a review
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={<SearchX />}
                title="No ranked restaurants yet"
                description={`Your buds haven't reviewed any restaurants in ${shownCity} yet.`}
                action={
                  <Button variant="outline" onClick={() => setAdding(true)}>
                    <Plus aria-hidden="true" /> Add a review
                  </Button>
                }
              />
            )
          ) : view === 'map' ? (
            <RankedMap entries={ranked.data} city={shownCity} saves={saves} />
          ) : (
            <RankedList entries={ranked.data} city={shownCity} saves={saves} />
          )}
        </>
      )}
      {adding ? <LazyAddReviewSheet open onOpenChange={setAdding} /> : null}
    </div>
  );
}

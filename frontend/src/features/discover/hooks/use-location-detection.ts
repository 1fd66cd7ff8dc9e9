import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { findCity } from '@dinebuds/contracts';

/** Spec 2 §9: the nine cities location detection chooses among, and the fallback. */
export const DETECTION_CITIES = [
  'New York',
  'Chicago',
  'Los Angeles',
  'San Francisco',
  'Miami',
  'Seattle',
  'Austin',
  'Boston',
  'Charlottesville',
] as const;
export const FALLBACK_CITY = 'Charlottesville';
/** Spec 2 §9: high accuracy, 15 s timeout, no cached position. */
const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 };

export interface Position {
  lat: number;
  lng: number;
}

/** The nearest of the nine cities by plain coordinate distance (spec 2 §9). */
export function nearestCity({ lat, lng }: Position): string {
  let best: string = FALLBACK_CITY;
  let bestDistance = Infinity;
  for (const name of DETECTION_CITIES) {
    const city = findCity(name);
    if (!city) continue;
    const distance = Math.hypot(city.latitude - lat, city.longitude - lng);
    if (distance < bestDistance) {
      best = city.name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Why detection failed, for the help box and the toast (spec 2 §8). */
export type LocationFailure = 'denied' | 'timeout' | 'unavailable' | 'unsupported';

function failureOf(error: GeolocationPositionError | null): LocationFailure {
  if (!error) return 'unsupported';
  if (error.code === 1) return 'denied';
  if (error.code === 3) return 'timeout';
  return 'unavailable';
}

function toastFailure(failure: LocationFailure) {
  if (failure === 'denied')
    toast.error('Location access denied', { description: 'You can still search for a city manually' });
  else if (failure === 'timeout')
    toast.error('Location detection timed out', {
      description: 'Please try again or search for a city manually',
    });
  else toast.error('Could not detect location', { description: 'Please search for a city manually' });
}

/** Asks the browser once for the position; rejects with the failure kind. */
export function currentPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(failureOf(null));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => reject(failureOf(error)),
      GEOLOCATION_OPTIONS,
    );
  });
}

interface Detection {
  detecting: boolean;
  failure: LocationFailure | null;
  position: Position | null;
  /** Clears the failure and asks again (the help box's Try Again). */
  retry: () => void;
  /** Asks for the position without choosing a city (Near You). */
  locate: () => Promise<Position | null>;
}

/**
 * Spec 2 §4: runs once when no city is chosen. It ends with the nearest of nine known cities, or
 * falls back to Charlottesville on any failure, denial or timeout; a failure also shows the help
 * box, which Try Again clears (and asks again).
 */
export function useLocationDetection(
  hasCity: boolean,
  onCity: (city: string, position: Position | null) => void,
): Detection {
  // Detection starts at mount when no city is chosen: the first render (the server's too) already
  // shows the spinner, not the "search for a city" state for the moment before the effect runs.
  const [detecting, setDetecting] = useState(!hasCity);
  const [failure, setFailure] = useState<LocationFailure | null>(null);
  const [position, setPosition] = useState<Position | null>(null);
  const [attempt, setAttempt] = useState(0);
  const onCityRef = useRef(onCity);
  onCityRef.current = onCity;
  const hasCityRef = useRef(hasCity);
  hasCityRef.current = hasCity;

  useEffect(() => {
    // The first attempt only when no city is chosen; Try Again always asks.
    if (attempt === 0 && hasCityRef.current) return;
    let cancelled = false;
    setDetecting(true);
    currentPosition()
      .then((found) => {
        if (cancelled) return;
        const city = nearestCity(found);
        toast.success('Location detected', { description: `Showing restaurants in ${city}` });
        // The city's screen replaces the spinner as a transition: React renders it in slices
        // instead of one task (a phone's browser often answers right after the hydration).
        startTransition(() => {
          setPosition(found);
          setFailure(null);
          setDetecting(false);
          onCityRef.current(city, found);
        });
      })
      .catch((reason: LocationFailure) => {
        if (cancelled) return;
        toastFailure(reason);
        startTransition(() => {
          setFailure(reason);
          setDetecting(false);
          if (!hasCityRef.current) onCityRef.current(FALLBACK_CITY, null);
        });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);

  const locate = useCallback(async () => {
    try {
      const found = await currentPosition();
      setPosition(found);
      return found;
    } catch (reason) {
      toastFailure(reason as LocationFailure);
      return null;
    }
  }, []);

  return { detecting, failure, position, retry, locate };
}

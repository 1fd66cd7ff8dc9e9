import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import {
  cityKey,
  cityLabel,
  LIMITS,
  REGISTRATION_POPULAR_CITIES,
  VALIDATION_MESSAGES,
} from '@dinebuds/contracts';

/**
 * The registration picks (spec 1 §2, §5): up to 5 flavors and 5 cities. Cities are kept as
 * display labels; the registration sends their lower-case keys.
 */
export function usePreferenceSelection() {
  const [flavors, setFlavors] = useState<string[]>([]);
  const [cities, setCities] = useState<string[]>([]);

  const toggleFlavor = useCallback(
    (badgeId: string) => {
      if (flavors.includes(badgeId)) {
        setFlavors(flavors.filter((f) => f !== badgeId));
      } else if (flavors.length >= LIMITS.registrationFlavorsMax) {
        toast.error(VALIDATION_MESSAGES.registrationFlavorsMax);
      } else {
        setFlavors([...flavors, badgeId]);
      }
    },
    [flavors],
  );

  const isCitySelected = useCallback(
    (name: string) => cities.some((c) => cityKey(c) === cityKey(name)),
    [cities],
  );

  const toggleCity = useCallback(
    (name: string) => {
      if (isCitySelected(name)) {
        setCities(cities.filter((c) => cityKey(c) !== cityKey(name)));
      } else if (cities.length >= LIMITS.registrationCitiesMax) {
        toast.error(VALIDATION_MESSAGES.registrationCitiesMax);
      } else {
        setCities([...cities, cityLabel(name)]);
      }
    },
    [cities, isCitySelected],
  );

  /** A typed city: the popular city it names, else a custom city with a title-cased label. */
  const addCity = useCallback(
    (typed: string): boolean => {
      const key = cityKey(typed);
      if (!key) return false;
      if (isCitySelected(key)) return true;
      if (cities.length >= LIMITS.registrationCitiesMax) {
        toast.error(VALIDATION_MESSAGES.registrationCitiesMax);
        return false;
      }
      const popular = REGISTRATION_POPULAR_CITIES.find((c) => c === key);
      setCities([...cities, cityLabel(popular ?? typed)]);
      return true;
    },
    [cities, isCitySelected],
  );

  return { flavors, cities, toggleFlavor, toggleCity, addCity, isCitySelected };
}

export type PreferenceSelection = ReturnType<typeof usePreferenceSelection>;

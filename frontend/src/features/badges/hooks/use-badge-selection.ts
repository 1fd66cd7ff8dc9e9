import { useState } from 'react';
import { toast } from 'sonner';
import {
  cityKey,
  cityLabel,
  LIMITS,
  SETTINGS_POPULAR_CITIES,
  VALIDATION_MESSAGES,
} from '@dinebuds/contracts';

interface Initial {
  flavors: string[];
  /** Display labels of the user's current cities. */
  cities: string[];
}

/** Selection rules of the badge editor (spec 1 §5): 5 flavors, 3 cities, custom cities title-cased. */
export function useBadgeSelection(initial: Initial) {
  const [flavors, setFlavors] = useState<string[]>(initial.flavors);
  const [cities, setCities] = useState<string[]>(initial.cities);
  const [cityOptions, setCityOptions] = useState<string[]>(() => {
    const options: string[] = [...SETTINGS_POPULAR_CITIES];
    for (const city of initial.cities)
      if (!options.some((o) => cityKey(o) === cityKey(city))) options.push(city);
    return options;
  });

  const isCitySelected = (city: string) => cities.some((c) => cityKey(c) === cityKey(city));

  const toggleFlavor = (badgeId: string) => {
    if (flavors.includes(badgeId)) setFlavors(flavors.filter((f) => f !== badgeId));
    else if (flavors.length >= LIMITS.flavorBadgesMax) toast.error(VALIDATION_MESSAGES.flavorBadgesMax);
    else setFlavors([...flavors, badgeId]);
  };

  const toggleCity = (city: string) => {
    if (isCitySelected(city)) setCities(cities.filter((c) => cityKey(c) !== cityKey(city)));
    else if (cities.length >= LIMITS.cityBadgesMax) toast.error(VALIDATION_MESSAGES.cityBadgesMax);
    else setCities([...cities, city]);
  };

  /** Adds a typed or suggested city to the options and selects it; false keeps the text. */
  const addCustomCity = (typed: string): boolean => {
    const key = cityKey(typed);
    if (!key) {
      toast.error('Empty City', { description: 'Please enter a city name' });
      return false;
    }
    if (cityOptions.some((o) => cityKey(o) === key)) {
      toast.error('Duplicate City', { description: 'This city is already in your options' });
      return false;
    }
    if (cities.length >= LIMITS.cityBadgesMax) {
      toast.error('Selection Limit', {
        description: `You already have ${LIMITS.cityBadgesMax} CityBuds selected. Deselect one to add this city.`,
      });
      return false;
    }
    const label = cityLabel(typed);
    setCityOptions([...cityOptions, label]);
    setCities([...cities, label]);
    toast.success('City Added', { description: `${label} has been added to your CityBuds` });
    return true;
  };

  return { flavors, cities, cityOptions, isCitySelected, toggleFlavor, toggleCity, addCustomCity };
}

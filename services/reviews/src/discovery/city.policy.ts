import { cityKey, cityLabel, findCity } from '@dinebuds/contracts';

/**
 * The stored city key a typed city names: a catalogue name or alias, case-insensitive ('NYC',
 * 'new york city', 'New York' -> 'new york'); a name the catalogue lacks is compared as typed
 * (lower-case, single-spaced), and so matches no restaurant unless one carries it.
 */
export function cityKeyOf(typed: string): string {
  const found = findCity(typed);
  return found ? cityKey(found.name) : cityKey(typed);
}

/** The label of a typed city for sentences: the catalogue spelling when known. */
export function cityNameOf(typed: string): string {
  const found = findCity(typed);
  return found ? found.name : cityLabel(typed);
}

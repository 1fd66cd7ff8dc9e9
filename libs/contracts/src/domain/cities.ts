import { CITY_CATALOGUE, type CatalogueCity } from './city-catalogue.js';
import { titleCase } from './text.js';

export type { CatalogueCity };
export { CITY_CATALOGUE };

/** Registration's popular cities (document 1 §3), stored lower-case. */
export const REGISTRATION_POPULAR_CITIES = [
  'new york',
  'los angeles',
  'chicago',
  'san francisco',
  'miami',
  'boston',
  'seattle',
  'austin',
  'denver',
  'nashville',
  'portland',
  'new orleans',
  'charlottesville',
  'washington dc',
  'philadelphia',
  'atlanta',
] as const;

/** The settings / edit-badges popular list (document 1 §3). */
export const SETTINGS_POPULAR_CITIES = [
  'New York',
  'Los Angeles',
  'Chicago',
  'San Francisco',
  'Miami',
  'Seattle',
  'Austin',
  'Boston',
  'Portland',
  'Washington DC',
  'New Orleans',
  'Nashville',
  'Denver',
  'Philadelphia',
  'Atlanta',
] as const;

export const CITY_SUGGESTIONS_MAX = 10;

/** Lower-case, single-spaced key used to compare city names. */
export function cityKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The catalogue by key, built once: lookups run per review row and per address part, and a scan
 * of ~230 names each time showed in the write path's profile. The first city in catalogue order
 * wins a key, as a scan would find it.
 */
function indexBy(keysOf: (city: CatalogueCity) => string[]): ReadonlyMap<string, CatalogueCity> {
  const index = new Map<string, CatalogueCity>();
  for (const city of CITY_CATALOGUE)
    for (const key of keysOf(city)) if (!index.has(key)) index.set(key, city);
  return index;
}
const BY_NAME = indexBy((c) => [cityKey(c.name)]);
const BY_NAME_OR_ALIAS = indexBy((c) => [c.name, ...(c.aliases ?? [])].map(cityKey));

/** Display label for a stored city: the catalogue's spelling when known, else title case. */
export function cityLabel(name: string): string {
  const known = BY_NAME.get(cityKey(name));
  return known ? known.name : titleCase(name);
}

/** Catalogue cities whose name starts with (then contains) the query, at most `limit`. */
export function searchCities(query: string, limit = CITY_SUGGESTIONS_MAX): CatalogueCity[] {
  const q = cityKey(query);
  if (q.length === 0) return [];
  const starts = CITY_CATALOGUE.filter((c) => cityKey(c.name).startsWith(q));
  const contains = CITY_CATALOGUE.filter(
    (c) => !cityKey(c.name).startsWith(q) && cityKey(c.name).includes(q),
  );
  return [...starts, ...contains].slice(0, limit);
}

/** The catalogue entry for a city name (case-insensitive), used for approximate positions. */
export function findCity(name: string): CatalogueCity | undefined {
  return BY_NAME_OR_ALIAS.get(cityKey(name));
}

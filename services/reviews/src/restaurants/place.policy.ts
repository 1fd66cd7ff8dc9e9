import {
  CITY_CATALOGUE,
  cityKey,
  findCity,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type CatalogueCity,
} from '@dinebuds/contracts';
import { badRequest } from '@dinebuds/errors';
import { distanceKm } from './distance.js';
import { placeKey } from './place-key.policy.js';

/** "Chicago, IL 60601" / "Chicago IL" / "60601 Chicago" -> "Chicago": what is left of a city part. */
function withoutPostalParts(part: string): string {
  return part
    .replace(/\b\d{4,5}(-\d{4})?\b/g, ' ')
    .replace(/\s+[A-Z]{2}\s*$/, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Catalogue names and aliases as place keys, longest first (so "new york" wins over "york"). */
const CITY_NAME_KEYS: readonly { key: string; city: CatalogueCity }[] = CITY_CATALOGUE.flatMap((city) =>
  [city.name, ...(city.aliases ?? [])]
    .map((name) => ({ key: placeKey(name), city }))
    // Two-letter aliases ('la', 'sf', 'dc') are too ambiguous inside a street address.
    .filter(({ key }) => key.length > 2),
).sort((a, b) => b.key.length - a.key.length);

/**
 * The catalogue city an address names: a comma-separated part that is a city (the last ones
 * first, where addresses put the city), else a city name standing as whole words anywhere.
 */
export function cityFromAddress(address: string): CatalogueCity | null {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .reverse();
  for (const part of parts) {
    const found = findCity(part) ?? findCity(withoutPostalParts(part));
    if (found) return found;
  }
  const words = ` ${placeKey(address)} `;
  for (const { key, city } of CITY_NAME_KEYS) if (words.includes(` ${key} `)) return city;
  return null;
}

export function nearestCity(latitude: number, longitude: number): CatalogueCity {
  let best = CITY_CATALOGUE[0];
  let bestKm = Infinity;
  for (const city of CITY_CATALOGUE) {
    const km = distanceKm(latitude, longitude, city.latitude, city.longitude);
    if (km < bestKm) {
      best = city;
      bestKm = km;
    }
  }
  return best;
}

export interface PlaceInput {
  address: string;
  latitude?: number | null;
  longitude?: number | null;
}

export interface ResolvedPlace {
  /** cityKey of the catalogue city. */
  city: string;
  latitude: number;
  longitude: number;
  /** No coordinates were given: the city's centre stands in for the place. */
  approximate: boolean;
}

/**
 * Where a place is: with coordinates, there (the city from the address, else the nearest
 * catalogue city); without, its city's centre from the catalogue, flagged approximate (never a
 * random position). An address naming no known city and no coordinates is refused (400).
 */
export function resolvePlace(input: PlaceInput): ResolvedPlace {
  const hasLat = typeof input.latitude === 'number';
  const hasLon = typeof input.longitude === 'number';
  if (hasLat !== hasLon) throw badRequest('Send both latitude and longitude, or neither');
  const named = cityFromAddress(input.address);
  if (hasLat && hasLon) {
    const latitude = input.latitude as number;
    const longitude = input.longitude as number;
    const city = named ?? nearestCity(latitude, longitude);
    return { city: cityKey(city.name), latitude, longitude, approximate: false };
  }
  if (!named) throw badRequest(REVIEW_MESSAGES.cityUnknown);
  return {
    city: cityKey(named.name),
    latitude: named.latitude,
    longitude: named.longitude,
    approximate: true,
  };
}

/** Whether an id is one the original client treats as an external place (details sent with a save). */
export function isExternalPlaceId(id: number): boolean {
  return id >= REVIEW_LIMITS.externalIdMin && id <= REVIEW_LIMITS.externalIdMax;
}

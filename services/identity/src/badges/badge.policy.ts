import {
  cityKey,
  flavorCategoryOf,
  hasControlCharacters,
  LIMITS,
  VALIDATION_MESSAGES,
  type CityTierLevel,
  type FlavorBadgeCategory,
} from '@dinebuds/contracts';
import { badRequest } from '@dinebuds/errors';

export interface FlavorChoice {
  badgeId: string;
  /** From the catalogue, never from the client. */
  category: FlavorBadgeCategory;
}

/**
 * Normalises flavor ids (trimmed, lower-case, de-duplicated in order), rejects ids outside the
 * catalogue and more than `max`.
 */
export function flavorChoices(ids: readonly string[], max: number, tooMany: string): FlavorChoice[] {
  const seen = new Set<string>();
  const choices: FlavorChoice[] = [];
  for (const raw of ids) {
    const badgeId = raw.trim().toLowerCase();
    if (seen.has(badgeId)) continue;
    const category = flavorCategoryOf(badgeId);
    if (category === null) throw badRequest(VALIDATION_MESSAGES.unknownFlavor);
    seen.add(badgeId);
    choices.push({ badgeId, category });
  }
  if (choices.length > max) throw badRequest(tooMany);
  return choices;
}

/** Settings path: at most 5 FlavorBuds. */
export function settingsFlavorChoices(ids: readonly string[]): FlavorChoice[] {
  return flavorChoices(ids, LIMITS.flavorBadgesMax, VALIDATION_MESSAGES.flavorBadgesMax);
}

/** Registration path: at most 5 flavor preferences. */
export function registrationFlavorChoices(ids: readonly string[]): FlavorChoice[] {
  return flavorChoices(ids, LIMITS.registrationFlavorsMax, VALIDATION_MESSAGES.registrationFlavorsMax);
}

/**
 * City names: trimmed, non-empty, at most 60 characters, stored lower-case (cityKey),
 * de-duplicated case-insensitively in order, at most `max`.
 */
export function cityChoices(names: readonly string[], max: number, tooMany: string): string[] {
  const keys: string[] = [];
  for (const raw of names) {
    const key = cityKey(raw);
    if (key === '') throw badRequest(VALIDATION_MESSAGES.emptyCity);
    if (hasControlCharacters(key)) throw badRequest(VALIDATION_MESSAGES.cityControlCharacters);
    if (key.length > LIMITS.cityNameMax)
      throw badRequest(`City names must be at most ${LIMITS.cityNameMax} characters`);
    if (!keys.includes(key)) keys.push(key);
  }
  if (keys.length > max) throw badRequest(tooMany);
  return keys;
}

export function settingsCityChoices(names: readonly string[]): string[] {
  return cityChoices(names, LIMITS.cityBadgesMax, VALIDATION_MESSAGES.cityBadgesMax);
}

export function registrationCityChoices(names: readonly string[]): string[] {
  return cityChoices(names, LIMITS.registrationCitiesMax, VALIDATION_MESSAGES.registrationCitiesMax);
}

export interface ExistingCityBadge {
  city: string;
  reviewCount: number;
  level: CityTierLevel;
}

export interface CityBadgePlan {
  /** Cities to delete (no longer chosen). */
  remove: string[];
  /** Cities to insert with a fresh bronze badge. */
  add: string[];
  /** Cities that stay, keeping their review count and level. */
  keep: string[];
}

/**
 * Replacing the city list keeps the badges of cities that stay (their review counts and levels
 * are earned by reviews, not chosen by the client) and starts new ones at bronze with 0 reviews.
 */
export function planCityBadges(
  existing: readonly ExistingCityBadge[],
  chosen: readonly string[],
): CityBadgePlan {
  const have = new Set(existing.map((b) => b.city));
  const want = new Set(chosen);
  return {
    remove: existing.filter((b) => !want.has(b.city)).map((b) => b.city),
    add: chosen.filter((c) => !have.has(c)),
    keep: chosen.filter((c) => have.has(c)),
  };
}

/**
 * The cities of a well-formed SetCityBadgesRequest: `badges` (settings, at most 3) or `cities`
 * (registration, at most 5). Levels and review counts are earned by reviews, never taken from it.
 */
export function requestedCityChoices(request: {
  badges?: readonly { city: string }[];
  cities?: readonly { city: string }[];
}): string[] {
  if (request.badges !== undefined && request.cities !== undefined)
    throw badRequest('Send either badges or cities, not both');
  if (request.badges !== undefined) return settingsCityChoices(request.badges.map((b) => b.city));
  if (request.cities !== undefined) return registrationCityChoices(request.cities.map((c) => c.city));
  throw badRequest('badges or cities is required');
}

import { CITY_TIER_LEVELS, type CityTierLevel } from '@dinebuds/contracts';
import { badRequest } from '@dinebuds/errors';
import { asBody, optionalArray, requiredId, type Body } from '@dinebuds/service-client';
import {
  registrationCityChoices,
  settingsCityChoices,
  settingsFlavorChoices,
  type FlavorChoice,
} from './badge.policy.js';

function itemObject(item: unknown, field: string): Body {
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    throw badRequest(`Each entry of ${field} must be an object`);
  return item as Body;
}

function itemString(item: Body, key: string, field: string): string {
  const value = item[key];
  if (typeof value !== 'string') throw badRequest(`Each entry of ${field} needs a ${key} text`);
  return value;
}

/** SetFlavorBadgesRequest: the client's category is ignored; the catalogue decides it. */
export function parseSetFlavorBadges(raw: unknown): { userId: number; choices: FlavorChoice[] } {
  const body = asBody(raw);
  const userId = requiredId(body, 'userId');
  const badges = optionalArray(body, 'badges');
  if (badges === undefined) throw badRequest('badges is required');
  const ids = badges.map((item) => {
    const entry = itemObject(item, 'badges');
    if (entry.category !== undefined && entry.category !== null && typeof entry.category !== 'string') {
      throw badRequest('Each entry of badges needs a category text');
    }
    return itemString(entry, 'badgeId', 'badges');
  });
  return { userId, choices: settingsFlavorChoices(ids) };
}

/**
 * SetCityBadgesRequest: `badges` (settings, at most 3) or `cities` (registration, at most 5).
 * Levels and review counts are earned by reviews: the client's values are checked for shape only.
 */
export function parseSetCityBadges(raw: unknown): { userId: number; cities: string[] } {
  const body = asBody(raw);
  const userId = requiredId(body, 'userId');
  const badges = optionalArray(body, 'badges');
  const cities = optionalArray(body, 'cities');
  if (badges !== undefined && cities !== undefined)
    throw badRequest('Send either badges or cities, not both');
  if (badges !== undefined) {
    const names = badges.map((item) => {
      const entry = itemObject(item, 'badges');
      if (
        entry.level !== undefined &&
        entry.level !== null &&
        !CITY_TIER_LEVELS.includes(entry.level as CityTierLevel)
      ) {
        throw badRequest(`level must be one of ${CITY_TIER_LEVELS.join(', ')}`);
      }
      return itemString(entry, 'city', 'badges');
    });
    return { userId, cities: settingsCityChoices(names) };
  }
  if (cities !== undefined) {
    const names = cities.map((item) => {
      const entry = itemObject(item, 'cities');
      const count = entry.reviewCount;
      if (
        count !== undefined &&
        count !== null &&
        (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
      ) {
        throw badRequest('reviewCount must be a non-negative integer');
      }
      return itemString(entry, 'city', 'cities');
    });
    return { userId, cities: registrationCityChoices(names) };
  }
  throw badRequest('badges or cities is required');
}

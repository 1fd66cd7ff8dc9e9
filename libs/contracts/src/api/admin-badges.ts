import { CITY_TIER_DEFAULTS, type CityTierLevel } from '../domain/levels.js';

/** The admin Badges tab's catalogue (document 2 §3): 12 flavor badges and 10 city badges. */
export const ADMIN_FLAVOR_BADGE_IDS = [
  'sushi',
  'pasta',
  'coffee',
  'chill',
  'local',
  'pizza',
  'taco',
  'burger',
  'healthy',
  'dessert',
  'cocktail',
  'luxury',
] as const;

/** City badge ids are city keys (lower-case), as identity stores city badges. */
export const ADMIN_CITY_BADGE_IDS = [
  'new york',
  'san francisco',
  'chicago',
  'los angeles',
  'washington',
  'charlottesville',
  'miami',
  'austin',
  'seattle',
  'boston',
] as const;

export const BADGE_KINDS = ['flavor', 'city'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

export const BADGE_LIMITS = { nameMax: 40 } as const;

/** Copy of the admin badge routes (sentences the UI can show). */
export const BADGE_MESSAGES = {
  nameEmpty: 'Badge name cannot be empty',
  nameTooLong: `Badge name must be at most ${BADGE_LIMITS.nameMax} characters`,
  badgeNotFound: 'Badge not found',
  kindInvalid: 'Badge kind must be flavor or city',
  tierNotFound: 'Tier not found',
  thresholdTooLow: 'Threshold must be at least 1',
  thresholdNotWhole: 'Threshold must be a whole number',
} as const;

/** A badge of the catalogue with its admin-given name and how many people hold it. */
export interface AdminBadgeDto {
  kind: BadgeKind;
  /** 'sushi' or a city key such as 'new york'. */
  id: string;
  name: string;
  holders: number;
}

/** A CityBud tier: the minimum reviews in a city for its level. */
export interface CityTierDto {
  level: CityTierLevel;
  name: string;
  minReviews: number;
  color: string;
  /** City badges at this level now. */
  holders: number;
}

export interface AdminBadgesDto {
  flavor: AdminBadgeDto[];
  city: AdminBadgeDto[];
  tiers: CityTierDto[];
}

export interface RenameBadgeRequest {
  kind: BadgeKind;
  badgeId: string;
  name: string;
}

export interface SetTierThresholdRequest {
  level: CityTierLevel;
  minReviews: number;
}

/** The colour of a tier (fixed; only names of badges and thresholds are edited). */
export function tierColor(level: CityTierLevel): string {
  return CITY_TIER_DEFAULTS.find((t) => t.level === level)?.color ?? '#cd7f32';
}

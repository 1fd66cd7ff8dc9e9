import { DISCOVERY_LIMITS } from '@dinebuds/contracts';

/** What two people's reviews have in common: restaurants both reviewed, and how far their stars lie. */
export interface SharedTaste {
  /** Restaurants both reviewed. */
  shared: number;
  /**
   * Sum over those restaurants of |my stars - their stars|, each side's stars being the mean of
   * their reviews of the place.
   */
  absoluteDifferenceSum: number;
}

/** Stars lie 1-5: the largest difference is 4. */
const MAX_STAR_DIFFERENCE = 4;

/**
 * Taste match, 0-100: `100 × (1 − meanAbsoluteStarDifference / 4)`, rounded, over the restaurants
 * both reviewed; null with fewer than DISCOVERY_LIMITS.tasteMatchMinShared of them (too few to say).
 * Same stars everywhere = 100, 1 star apart on average = 75, opposite ends (1 vs 5) = 0.
 */
export function tasteMatchPercent(
  taste: SharedTaste,
  minShared: number = DISCOVERY_LIMITS.tasteMatchMinShared,
): number | null {
  if (taste.shared < minShared || taste.shared <= 0) return null;
  const mean = meanStarDifference(taste)!;
  return Math.max(0, Math.min(100, Math.round(100 * (1 - mean / MAX_STAR_DIFFERENCE))));
}

/** The mean absolute star difference (3 decimals), null without shared restaurants. */
export function meanStarDifference(taste: SharedTaste): number | null {
  if (taste.shared <= 0) return null;
  return Math.round((taste.absoluteDifferenceSum / taste.shared) * 1000) / 1000;
}

/**
 * A bud's weight in "Buds like me": their taste match as a fraction (88 -> 0.88), at least
 * DISCOVERY_LIMITS.tasteWeightMin; a bud without a match weighs tasteWeightUnknown (0.5).
 */
export function tasteWeight(tasteMatch: number | null): number {
  if (tasteMatch === null) return DISCOVERY_LIMITS.tasteWeightUnknown;
  return Math.max(DISCOVERY_LIMITS.tasteWeightMin, tasteMatch / 100);
}

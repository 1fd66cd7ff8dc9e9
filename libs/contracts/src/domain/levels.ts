/** Review-level titles by review count (document 1 §4): thresholds 0 / 10 / 25 / 50 / 100. */
export const REVIEW_LEVELS = [
  { title: 'Flavor Seeker', minReviews: 0 },
  { title: 'Flavor Explorer', minReviews: 10 },
  { title: 'Flavor Maven', minReviews: 25 },
  { title: 'Flavor Insider', minReviews: 50 },
  { title: 'Flavor Icon', minReviews: 100 },
] as const;

export type ReviewLevelTitle = (typeof REVIEW_LEVELS)[number]['title'];

export interface ReviewLevel {
  title: ReviewLevelTitle;
  minReviews: number;
  /** The next level's threshold, or null at the top level. */
  nextMinReviews: number | null;
  nextTitle: ReviewLevelTitle | null;
  /** 0-100: position between this threshold and the next; 100 at the top level. */
  progressPercent: number;
  isTopLevel: boolean;
}

export function reviewLevelFor(reviewCount: number): ReviewLevel {
  const count = Math.max(0, Math.floor(reviewCount));
  let index = 0;
  for (let i = 0; i < REVIEW_LEVELS.length; i++) if (count >= REVIEW_LEVELS[i].minReviews) index = i;
  const current = REVIEW_LEVELS[index];
  const next = REVIEW_LEVELS[index + 1];
  if (!next) {
    return {
      title: current.title,
      minReviews: current.minReviews,
      nextMinReviews: null,
      nextTitle: null,
      progressPercent: 100,
      isTopLevel: true,
    };
  }
  const span = next.minReviews - current.minReviews;
  const progressPercent = Math.round(((count - current.minReviews) / span) * 100);
  return {
    title: current.title,
    minReviews: current.minReviews,
    nextMinReviews: next.minReviews,
    nextTitle: next.title,
    progressPercent,
    isTopLevel: false,
  };
}

/** CityBud tiers (document 2 §9): default minimum reviews per level; admins can edit them later. */
export const CITY_TIER_DEFAULTS = [
  { level: 'bronze', name: 'Bronze', minReviews: 10, color: '#cd7f32' },
  { level: 'silver', name: 'Silver', minReviews: 20, color: '#c0c0c0' },
  { level: 'gold', name: 'Gold', minReviews: 30, color: '#ffd700' },
  { level: 'platinum', name: 'Platinum', minReviews: 40, color: '#e5e4e2' },
] as const;

export type CityTierLevel = (typeof CITY_TIER_DEFAULTS)[number]['level'];
export const CITY_TIER_LEVELS: readonly CityTierLevel[] = CITY_TIER_DEFAULTS.map((t) => t.level);

/**
 * A city badge's tier for a review count in that city: the highest tier whose minimum is reached;
 * below the first threshold a badge stays at the first tier (the badge's default, bronze).
 */
export function cityTierFor(
  reviewCount: number,
  tiers: readonly { level: CityTierLevel; minReviews: number }[] = CITY_TIER_DEFAULTS,
): CityTierLevel {
  let level: CityTierLevel = tiers[0].level;
  for (const tier of tiers) if (reviewCount >= tier.minReviews) level = tier.level;
  return level;
}

import { BADGE_MESSAGES, type CityTierLevel } from '@dinebuds/contracts';
import { badRequest, notFound } from '@dinebuds/errors';

export interface StoredTier {
  level: CityTierLevel;
  name: string;
  minReviews: number;
}

/**
 * A new minimum for one tier, checked against its neighbours: thresholds stay positive whole
 * numbers, strictly increasing from bronze to platinum (so every count has exactly one level).
 * `tiers` in order. Answers the tiers with the change applied.
 */
export function withThreshold(
  tiers: readonly StoredTier[],
  level: CityTierLevel,
  minReviews: number,
): StoredTier[] {
  const index = tiers.findIndex((t) => t.level === level);
  if (index < 0) throw notFound(BADGE_MESSAGES.tierNotFound);
  if (!Number.isInteger(minReviews)) throw badRequest(BADGE_MESSAGES.thresholdNotWhole);
  if (minReviews < 1) throw badRequest(BADGE_MESSAGES.thresholdTooLow);
  const tier = tiers[index];
  const below = tiers[index - 1];
  const above = tiers[index + 1];
  if (below && minReviews <= below.minReviews)
    throw badRequest(`${tier.name} must need more reviews than ${below.name} (${below.minReviews})`);
  if (above && minReviews >= above.minReviews)
    throw badRequest(`${tier.name} must need fewer reviews than ${above.name} (${above.minReviews})`);
  return tiers.map((t, i) => (i === index ? { ...t, minReviews } : t));
}

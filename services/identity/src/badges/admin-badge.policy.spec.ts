import { describe, expect, it } from '@jest/globals';
import { CITY_TIER_DEFAULTS } from '@dinebuds/contracts';
import { DomainError } from '@dinebuds/errors';
import { withThreshold } from './admin-badge.policy.js';

const tiers = CITY_TIER_DEFAULTS.map((t) => ({ level: t.level, name: t.name, minReviews: t.minReviews }));

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected an error');
}

describe('tier thresholds', () => {
  it('applies a threshold strictly between its neighbours', () => {
    expect(withThreshold(tiers, 'silver', 11).map((t) => t.minReviews)).toEqual([10, 11, 30, 40]);
    expect(withThreshold(tiers, 'bronze', 1).map((t) => t.minReviews)).toEqual([1, 20, 30, 40]);
    expect(withThreshold(tiers, 'platinum', 500).map((t) => t.minReviews)).toEqual([10, 20, 30, 500]);
  });

  it('refuses equal or crossing neighbours, below 1, fractions and unknown tiers with a sentence', () => {
    expect(errorOf(() => withThreshold(tiers, 'silver', 10)).message).toBe(
      'Silver must need more reviews than Bronze (10)',
    );
    expect(errorOf(() => withThreshold(tiers, 'gold', 40)).message).toBe(
      'Gold must need fewer reviews than Platinum (40)',
    );
    expect(errorOf(() => withThreshold(tiers, 'bronze', 0))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Threshold must be at least 1',
    });
    expect(errorOf(() => withThreshold(tiers, 'bronze', 1.5)).message).toBe(
      'Threshold must be a whole number',
    );
    expect(errorOf(() => withThreshold(tiers, 'diamond' as never, 5)).code).toBe('NOT_FOUND');
  });
});

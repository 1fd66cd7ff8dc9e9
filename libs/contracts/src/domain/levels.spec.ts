import { describe, it, expect } from '@jest/globals';
import { cityTierFor, REVIEW_LEVELS, reviewLevelFor } from './levels.js';

describe('reviewLevelFor', () => {
  it.each([
    [0, 'Flavor Seeker'],
    [9, 'Flavor Seeker'],
    [10, 'Flavor Explorer'],
    [24, 'Flavor Explorer'],
    [25, 'Flavor Maven'],
    [49, 'Flavor Maven'],
    [50, 'Flavor Insider'],
    [99, 'Flavor Insider'],
    [100, 'Flavor Icon'],
    [1000, 'Flavor Icon'],
  ])('gives %i reviews the title %s', (count, title) => {
    expect(reviewLevelFor(count).title).toBe(title);
  });

  it('uses the thresholds 0 / 10 / 25 / 50 / 100', () => {
    expect(REVIEW_LEVELS.map((l) => l.minReviews)).toEqual([0, 10, 25, 50, 100]);
    for (const level of REVIEW_LEVELS) {
      expect(reviewLevelFor(level.minReviews).title).toBe(level.title);
      expect(reviewLevelFor(level.minReviews).minReviews).toBe(level.minReviews);
      expect(reviewLevelFor(level.minReviews).progressPercent).toBe(level.minReviews === 100 ? 100 : 0);
    }
  });

  it('describes the next level and the progress towards it', () => {
    expect(reviewLevelFor(0)).toEqual({
      title: 'Flavor Seeker',
      minReviews: 0,
      nextMinReviews: 10,
      nextTitle: 'Flavor Explorer',
      progressPercent: 0,
      isTopLevel: false,
    });
    expect(reviewLevelFor(9).progressPercent).toBe(90);
    expect(reviewLevelFor(5).progressPercent).toBe(50);
    // 14 of the 15 reviews between Explorer (10) and Maven (25), rounded.
    expect(reviewLevelFor(24)).toMatchObject({
      nextMinReviews: 25,
      nextTitle: 'Flavor Maven',
      progressPercent: 93,
    });
    expect(reviewLevelFor(75)).toMatchObject({
      title: 'Flavor Insider',
      nextMinReviews: 100,
      nextTitle: 'Flavor Icon',
      progressPercent: 50,
    });
    expect(reviewLevelFor(99).progressPercent).toBe(98);
  });

  it('marks the top level with no next level and full progress', () => {
    for (const count of [100, 101, 5000]) {
      expect(reviewLevelFor(count)).toEqual({
        title: 'Flavor Icon',
        minReviews: 100,
        nextMinReviews: null,
        nextTitle: null,
        progressPercent: 100,
        isTopLevel: true,
      });
    }
    expect(reviewLevelFor(99).isTopLevel).toBe(false);
  });

  it('treats negative counts as zero and floors fractions', () => {
    expect(reviewLevelFor(-3)).toEqual(reviewLevelFor(0));
    expect(reviewLevelFor(9.9).title).toBe('Flavor Seeker');
    expect(reviewLevelFor(12.7)).toMatchObject({ title: 'Flavor Explorer', progressPercent: 13 });
  });
});

describe('cityTierFor', () => {
  it('the highest tier reached; below the first threshold the first tier', () => {
    expect([0, 9, 10, 19, 20, 30, 40, 400].map((n) => cityTierFor(n))).toEqual([
      'bronze',
      'bronze',
      'bronze',
      'bronze',
      'silver',
      'gold',
      'platinum',
      'platinum',
    ]);
  });
});

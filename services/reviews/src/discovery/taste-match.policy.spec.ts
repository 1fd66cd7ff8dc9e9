import { describe, expect, it } from '@jest/globals';
import { meanStarDifference, tasteMatchPercent, tasteWeight } from './taste-match.policy.js';

describe('taste match', () => {
  it('is 100 × (1 − mean absolute star difference / 4), rounded', () => {
    expect(tasteMatchPercent({ shared: 3, absoluteDifferenceSum: 0 })).toBe(100);
    expect(tasteMatchPercent({ shared: 3, absoluteDifferenceSum: 3 })).toBe(75);
    expect(tasteMatchPercent({ shared: 4, absoluteDifferenceSum: 16 })).toBe(0);
    expect(tasteMatchPercent({ shared: 3, absoluteDifferenceSum: 1 })).toBe(92);
  });

  it('is null under the minimum of shared restaurants (3)', () => {
    expect(tasteMatchPercent({ shared: 2, absoluteDifferenceSum: 0 })).toBeNull();
    expect(tasteMatchPercent({ shared: 0, absoluteDifferenceSum: 0 })).toBeNull();
    expect(tasteMatchPercent({ shared: 1, absoluteDifferenceSum: 0 }, 1)).toBe(100);
  });

  it('reports the mean star difference with 3 decimals, null without shared places', () => {
    expect(meanStarDifference({ shared: 3, absoluteDifferenceSum: 1 })).toBe(0.333);
    expect(meanStarDifference({ shared: 0, absoluteDifferenceSum: 0 })).toBeNull();
  });

  it('weighs a bud by their match, 0.5 without one, never under 0.1', () => {
    expect(tasteWeight(88)).toBe(0.88);
    expect(tasteWeight(null)).toBe(0.5);
    expect(tasteWeight(0)).toBe(0.1);
  });
});

import { describe, expect, it } from '@jest/globals';
import { distanceKm } from './distance.js';

describe('great-circle distance', () => {
  it('is zero at one point and about 1,145 km from New York to Chicago', () => {
    expect(distanceKm(40.7128, -74.006, 40.7128, -74.006)).toBe(0);
    expect(distanceKm(40.7128, -74.006, 41.8781, -87.6298)).toBeCloseTo(1145, -1);
  });
});

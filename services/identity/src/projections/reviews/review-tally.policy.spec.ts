import { describe, expect, it } from '@jest/globals';
import { planTally, tallyDeltas } from './review-tally.policy.js';

describe('review tallies: every order of delivery ends in the newest version', () => {
  it('a new review counts once, for its city', () => {
    const plan = planTally(null, { version: 1, exists: true, city: 'chicago' });
    expect(tallyDeltas(plan)).toEqual({ total: 1, cities: new Map([['chicago', 1]]) });
  });

  it('a repeat or an older version changes nothing', () => {
    const stored = { version: 2, city: 'chicago', deleted: false };
    expect(planTally(stored, { version: 2, exists: true, city: 'austin' }).apply).toBe(false);
    expect(planTally(stored, { version: 1, exists: true, city: 'austin' }).apply).toBe(false);
    expect(tallyDeltas(planTally(stored, { version: 1, exists: true, city: 'austin' }))).toEqual({
      total: 0,
      cities: new Map(),
    });
  });

  it('an edit moving the city moves the count; the same city nets to nothing', () => {
    const stored = { version: 1, city: 'chicago', deleted: false };
    expect(tallyDeltas(planTally(stored, { version: 2, exists: true, city: 'new york' }))).toEqual({
      total: 0,
      cities: new Map([
        ['chicago', -1],
        ['new york', 1],
      ]),
    });
    expect(tallyDeltas(planTally(stored, { version: 2, exists: true, city: 'chicago' }))).toEqual({
      total: 0,
      cities: new Map(),
    });
  });

  it('a deletion takes the count back; nothing after it brings the review back', () => {
    const stored = { version: 2, city: 'chicago', deleted: false };
    expect(tallyDeltas(planTally(stored, { version: 3, exists: false, city: 'chicago' }))).toEqual({
      total: -1,
      cities: new Map([['chicago', -1]]),
    });
    const tomb = { version: 3, city: 'chicago', deleted: true };
    expect(planTally(tomb, { version: 1, exists: true, city: 'chicago' }).apply).toBe(false);
  });

  it('a deletion before its creation: the tombstone, and the late creation is ignored', () => {
    const plan = planTally(null, { version: 2, exists: false, city: 'chicago' });
    expect(tallyDeltas(plan)).toEqual({ total: 0, cities: new Map() });
  });

  it('an update before its creation counts it once; the creation is then stale', () => {
    expect(tallyDeltas(planTally(null, { version: 2, exists: true, city: 'austin' })).total).toBe(1);
    expect(
      planTally({ version: 2, city: 'austin', deleted: false }, { version: 1, exists: true, city: 'chicago' })
        .apply,
    ).toBe(false);
  });

  it('a review without a city counts for the total only', () => {
    expect(tallyDeltas(planTally(null, { version: 1, exists: true, city: null }))).toEqual({
      total: 1,
      cities: new Map(),
    });
  });
});

import { describe, expect, it } from '@jest/globals';
import { appliesToReview } from './review-change.policy.js';

describe('reviews.review.* in order per review', () => {
  const live = (version: number | null) => ({ version, deletedAt: null });

  it('applies the first change, a newer one, and unversioned ones', () => {
    expect(appliesToReview(null, { version: 1, deletion: false })).toBe(true);
    expect(appliesToReview(live(1), { version: 2, deletion: false })).toBe(true);
    expect(appliesToReview(live(null), { version: 3, deletion: false })).toBe(true);
    expect(appliesToReview(live(2), { version: null, deletion: true })).toBe(true);
  });

  it('ignores a repeat or an older change', () => {
    expect(appliesToReview(live(2), { version: 2, deletion: false })).toBe(false);
    expect(appliesToReview(live(3), { version: 2, deletion: true })).toBe(false);
  });

  it('never brings a deleted review back', () => {
    const deleted = { version: 3, deletedAt: new Date() };
    expect(appliesToReview(deleted, { version: 4, deletion: false })).toBe(false);
    expect(appliesToReview(deleted, { version: null, deletion: false })).toBe(false);
  });
});

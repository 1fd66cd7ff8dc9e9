import { REVIEW_MESSAGES } from '@dinebuds/contracts';
import { assertMergeable, detailsPatch } from './restaurant-details.policy.js';

describe('detailsPatch', () => {
  it('keeps missing fields, trims text and clears null or blank', () => {
    expect(detailsPatch({ cuisine: ' Thai ', phone: null, website: '  ' })).toEqual({
      cuisine: 'Thai',
      phone: null,
      website: null,
    });
  });

  it('writes a price range as sent and clears an empty one', () => {
    expect(detailsPatch({ priceRange: '$$' })).toEqual({ priceRange: '$$' });
    expect(detailsPatch({ priceRange: '' })).toEqual({ priceRange: null });
  });

  it('refuses a request that changes nothing', () => {
    expect(() => detailsPatch({})).toThrow(REVIEW_MESSAGES.detailsRequired);
  });
});

describe('assertMergeable', () => {
  it('refuses merging an entry into itself', () => {
    expect(() => assertMergeable(3, 3)).toThrow(REVIEW_MESSAGES.mergeIntoItself);
    expect(() => assertMergeable(3, 4)).not.toThrow();
  });
});

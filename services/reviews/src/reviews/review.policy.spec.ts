import { describe, expect, it } from '@jest/globals';
import { assertAuthor, assertClaimedAuthor, cleanNotes, edited } from './review.policy.js';

describe('review rules', () => {
  it('only the author changes a review; a claimed userId must be the caller', () => {
    expect(() => assertAuthor(1, 1)).not.toThrow();
    expect(() => assertAuthor(2, 1)).toThrow('You can only change your own reviews');
    expect(() => assertClaimedAuthor(1, undefined)).not.toThrow();
    expect(() => assertClaimedAuthor(1, 2)).toThrow('You can only change your own reviews');
  });

  it('blank notes are none; an absent edit keeps the stored value', () => {
    expect(cleanNotes('  ')).toBeNull();
    expect(cleanNotes(' good ')).toBe('good');
    expect(cleanNotes(undefined)).toBeNull();
    expect(edited(undefined, 3)).toBe(3);
    expect(edited(5, 3)).toBe(5);
  });
});

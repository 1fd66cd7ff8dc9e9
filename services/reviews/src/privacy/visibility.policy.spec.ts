import { describe, expect, it } from '@jest/globals';
import { canSeeContent } from './visibility.policy.js';

describe('who sees a user’s reviews, saves and activity', () => {
  const pub = { id: 1, isPrivate: false };
  const priv = { id: 2, isPrivate: true };

  it('a public user: everyone, anonymous included', () => {
    expect(canSeeContent(null, pub, 1, false)).toBe(true);
    expect(canSeeContent(9, pub, 1, false)).toBe(true);
  });

  it('a private user: the owner and approved followers only', () => {
    expect(canSeeContent(2, priv, 2, false)).toBe(true);
    expect(canSeeContent(9, priv, 2, true)).toBe(true);
    expect(canSeeContent(9, priv, 2, false)).toBe(false);
    expect(canSeeContent(null, priv, 2, false)).toBe(false);
  });

  it('a user not projected yet: only themselves', () => {
    expect(canSeeContent(3, null, 3, false)).toBe(true);
    expect(canSeeContent(9, null, 3, true)).toBe(false);
  });
});

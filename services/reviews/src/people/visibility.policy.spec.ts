import { describe, expect, it } from '@jest/globals';
import { isNewerUserChange } from './user-change.policy.js';
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

  it("identity's user version orders profile changes; without versions, time does", () => {
    const at = new Date('2024-01-01T00:00:00Z');
    const later = new Date('2024-01-02T00:00:00Z');
    expect(isNewerUserChange({ version: 3, occurredAt: at }, { version: 2, syncedAt: later })).toBe(true);
    expect(isNewerUserChange({ version: 2, occurredAt: later }, { version: 2, syncedAt: at })).toBe(false);
    expect(isNewerUserChange({ version: null, occurredAt: later }, { version: 2, syncedAt: at })).toBe(true);
    expect(isNewerUserChange({ version: null, occurredAt: at }, { version: null, syncedAt: later })).toBe(
      false,
    );
  });
});

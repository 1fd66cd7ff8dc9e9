import { describe, expect, it } from '@jest/globals';
import {
  badgesFrom,
  isNewer,
  isNewerChange,
  normalizeCityBadges,
  normalizeFlavorBadges,
  planProfileEvent,
  profileFromSnapshot,
} from './user-projection.policy.js';

const profile = { username: 'ada', name: 'Ada', bio: null, profilePicture: null, isPrivate: false };
const at = (iso: string) => new Date(iso);

describe('user projection rules', () => {
  it('applies an event that is as new or newer than what is stored', () => {
    expect(isNewer(at('2025-01-02T00:00:00Z'), null)).toBe(true);
    expect(isNewer(at('2025-01-02T00:00:00Z'), at('2025-01-01T00:00:00Z'))).toBe(true);
    expect(isNewer(at('2025-01-02T00:00:00Z'), at('2025-01-02T00:00:00Z'))).toBe(true);
    expect(isNewer(at('2025-01-01T00:00:00Z'), at('2025-01-02T00:00:00Z'))).toBe(false);
  });

  it('orders by the user version when both sides have one, else by occurredAt', () => {
    const t1 = at('2025-01-01T00:00:00Z');
    const t2 = at('2025-01-02T00:00:00Z');
    expect(isNewerChange({ occurredAt: t1, version: 5 }, { syncedAt: t2, version: 4 })).toBe(true);
    expect(isNewerChange({ occurredAt: t2, version: 4 }, { syncedAt: t1, version: 5 })).toBe(false);
    // Same millisecond: the version still orders; the same version again is stale.
    expect(isNewerChange({ occurredAt: t1, version: 3 }, { syncedAt: t1, version: 2 })).toBe(true);
    expect(isNewerChange({ occurredAt: t1, version: 2 }, { syncedAt: t1, version: 3 })).toBe(false);
    expect(isNewerChange({ occurredAt: t2, version: 3 }, { syncedAt: t1, version: 3 })).toBe(false);
    // Either side without a version (events from before versions): today's occurredAt rule.
    expect(isNewerChange({ occurredAt: t2, version: null }, { syncedAt: t1, version: 9 })).toBe(true);
    expect(isNewerChange({ occurredAt: t1, version: 9 }, { syncedAt: t2, version: null })).toBe(false);
    expect(isNewerChange({ occurredAt: t1, version: 1 }, { syncedAt: null, version: null })).toBe(true);
    const stored = { isPrivate: false, profileSyncedAt: t2, badgesSyncedAt: null, profileVersion: 7 };
    expect(planProfileEvent(stored, profile, { occurredAt: t1, version: 8 }).applyProfile).toBe(true);
    expect(planProfileEvent(stored, profile, { occurredAt: t2, version: 6 }).applyProfile).toBe(false);
  });

  it('inserts unknown users, ignores stale events and accepts pending requests when public', () => {
    const stored = { isPrivate: true, profileSyncedAt: at('2025-01-02T00:00:00Z'), badgesSyncedAt: null };
    expect(planProfileEvent(null, profile, at('2025-01-01T00:00:00Z'))).toEqual({
      applyProfile: true,
      acceptPendingRequests: false,
    });
    expect(planProfileEvent(stored, profile, at('2025-01-01T00:00:00Z'))).toEqual({
      applyProfile: false,
      acceptPendingRequests: false,
    });
    expect(planProfileEvent(stored, profile, at('2025-01-03T00:00:00Z'))).toEqual({
      applyProfile: true,
      acceptPendingRequests: true,
    });
    expect(planProfileEvent(stored, { ...profile, isPrivate: true }, at('2025-01-03T00:00:00Z'))).toEqual({
      applyProfile: true,
      acceptPendingRequests: false,
    });
  });

  it('keeps only the profile fields of a snapshot', () => {
    expect(
      profileFromSnapshot({
        userId: 1,
        username: 'ada',
        name: 'Ada',
        bio: 'hi',
        profilePicture: '/p',
        isPrivate: true,
        isAdmin: true,
      }),
    ).toEqual({
      username: 'ada',
      name: 'Ada',
      bio: 'hi',
      profilePicture: '/p',
      isPrivate: true,
    });
  });

  it('normalises badges: trimmed, lower-case, unique, text only', () => {
    expect(normalizeFlavorBadges([' Sushi', 'vegan', 'sushi', 3, '', null])).toEqual(['sushi', 'vegan']);
    expect(normalizeCityBadges(['New  York', 'new york', ' Paris '])).toEqual(['new york', 'paris']);
    expect(normalizeFlavorBadges(undefined)).toEqual([]);
    expect(badgesFrom({ flavorBadges: ['pizza'], cityBadges: 'oslo' })).toEqual({
      flavorBadges: ['pizza'],
      cityBadges: [],
    });
  });
});

import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@dinebuds/errors';
import {
  assertActingForSelf,
  assertNotSelf,
  canSeeLists,
  decideFollow,
  followStatusOf,
  NO_EDGES,
  SOCIAL_MESSAGES,
  type PairState,
} from './follow.policy.js';

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected an error');
}

const state = (overrides: Partial<PairState> = {}): PairState => ({ ...NO_EDGES, ...overrides });

describe('follow decision', () => {
  it('follows a public user at once and asks a private one', () => {
    expect(decideFollow(state(), false)).toEqual({
      action: 'follow',
      status: 'following',
      clearRequest: false,
    });
    expect(decideFollow(state(), true)).toEqual({ action: 'request', status: 'requested' });
  });

  it('is idempotent: an existing follow or pending request answers the same and writes nothing', () => {
    expect(decideFollow(state({ following: true }), false)).toEqual({ action: 'none', status: 'following' });
    expect(decideFollow(state({ following: true }), true)).toEqual({ action: 'none', status: 'following' });
    expect(decideFollow(state({ requested: true }), true)).toEqual({ action: 'none', status: 'requested' });
  });

  it('follows at once when a request is left over from when the target was private', () => {
    expect(decideFollow(state({ requested: true }), false)).toEqual({
      action: 'follow',
      status: 'following',
      clearRequest: true,
    });
  });

  it('refuses while a block stands, either way (403)', () => {
    expect(errorOf(() => decideFollow(state({ blockedBy: true }), false))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot follow this user',
    });
    expect(errorOf(() => decideFollow(state({ blockedBy: true }), true))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot follow this user',
    });
    expect(errorOf(() => decideFollow(state({ blocking: true }), false))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Unblock this user to follow them',
    });
    // Both: the caller's own block is named first, it is the one they can lift.
    expect(errorOf(() => decideFollow(state({ blocking: true, blockedBy: true }), true)).message).toBe(
      SOCIAL_MESSAGES.blockingTarget,
    );
  });

  it('names the follow button state', () => {
    expect(followStatusOf(state())).toBe('not_following');
    expect(followStatusOf(state({ requested: true }))).toBe('requested');
    expect(followStatusOf(state({ following: true, requested: true }))).toBe('following');
  });
});

describe('acting and seeing', () => {
  const caller = { userId: 7, isAdmin: false, sessionId: null };

  it('lets a caller act only as themselves, admins included', () => {
    expect(() => assertActingForSelf(caller, 7)).not.toThrow();
    expect(errorOf(() => assertActingForSelf(caller, 8))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only act for yourself',
    });
    expect(errorOf(() => assertActingForSelf({ ...caller, isAdmin: true }, 8)).code).toBe('FORBIDDEN');
  });

  it('refuses following oneself (400)', () => {
    expect(() => assertNotSelf(1, 2)).not.toThrow();
    expect(errorOf(() => assertNotSelf(3, 3))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'You cannot follow yourself',
    });
    expect(errorOf(() => assertNotSelf(3, 3, SOCIAL_MESSAGES.blockYourself)).message).toBe(
      'You cannot block yourself',
    );
  });

  it('shows a public user lists to everyone and a private user lists to the owner and followers', () => {
    const owner = 5;
    expect(
      canSeeLists({ ownerId: owner, ownerIsPrivate: false, viewerId: null, viewerFollowsOwner: false }),
    ).toBe(true);
    expect(
      canSeeLists({ ownerId: owner, ownerIsPrivate: true, viewerId: null, viewerFollowsOwner: false }),
    ).toBe(false);
    expect(
      canSeeLists({ ownerId: owner, ownerIsPrivate: true, viewerId: 9, viewerFollowsOwner: false }),
    ).toBe(false);
    expect(canSeeLists({ ownerId: owner, ownerIsPrivate: true, viewerId: 9, viewerFollowsOwner: true })).toBe(
      true,
    );
    expect(
      canSeeLists({ ownerId: owner, ownerIsPrivate: true, viewerId: owner, viewerFollowsOwner: false }),
    ).toBe(true);
  });
});

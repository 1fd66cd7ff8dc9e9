import type { Caller, FollowStatus } from '@dinebuds/contracts';
import { badRequest, DomainError, forbidden } from '@dinebuds/errors';

/** The sentences this service answers with (one each, the UI shows them as they are). */
export const SOCIAL_MESSAGES = {
  actForYourself: 'You can only act for yourself',
  followYourself: 'You cannot follow yourself',
  unfollowYourself: 'You cannot unfollow yourself',
  blockedByTarget: 'You cannot follow this user',
  blockingTarget: 'Unblock this user to follow them',
  privateAccount: 'This account is private',
  userNotFound: 'User not found',
  requestNotFound: 'Follow request not found',
  blockYourself: 'You cannot block yourself',
  unblockYourself: 'You cannot unblock yourself',
  muteYourself: 'You cannot mute yourself',
  removeYourself: 'You cannot remove yourself as a follower',
} as const;

export const userNotFound = () => new DomainError('USER_NOT_FOUND', SOCIAL_MESSAGES.userNotFound);
export const requestNotFound = () => new DomainError('NOT_FOUND', SOCIAL_MESSAGES.requestNotFound);

/** `userId` of a request is the public route's {id}: only its owner may act as them. */
export function assertActingForSelf(caller: Caller, userId: number): void {
  if (caller.userId !== userId) throw forbidden(SOCIAL_MESSAGES.actForYourself);
}

export function assertNotSelf(
  userId: number,
  targetId: number,
  message: string = SOCIAL_MESSAGES.followYourself,
): void {
  if (userId === targetId) throw badRequest(message);
}

/** The edges between a user (A) and a target (B), as seen from A. */
export interface PairState {
  /** A follows B. */
  following: boolean;
  /** A's request to follow B is pending. */
  requested: boolean;
  /** A blocked B. */
  blocking: boolean;
  /** B blocked A. */
  blockedBy: boolean;
}

export const NO_EDGES: PairState = { following: false, requested: false, blocking: false, blockedBy: false };

export type FollowDecision =
  /** Insert the follow (B is public); drop a request left from when B was private. */
  | { action: 'follow'; status: 'following'; clearRequest: boolean }
  /** Insert a request (B is private). */
  | { action: 'request'; status: 'requested' }
  /** Already done: the same answer again, nothing written, no event. */
  | { action: 'none'; status: 'following' | 'requested' };

/**
 * What "A follows B" does. Blocks win (403, A's own block first since A can lift it), then what
 * already exists (idempotent), then B's privacy: private asks, public follows at once.
 */
export function decideFollow(state: PairState, targetIsPrivate: boolean): FollowDecision {
  if (state.blocking) throw forbidden(SOCIAL_MESSAGES.blockingTarget);
  if (state.blockedBy) throw forbidden(SOCIAL_MESSAGES.blockedByTarget);
  if (state.following) return { action: 'none', status: 'following' };
  if (targetIsPrivate)
    return state.requested
      ? { action: 'none', status: 'requested' }
      : { action: 'request', status: 'requested' };
  return { action: 'follow', status: 'following', clearRequest: state.requested };
}

/** The follow button state of A on B's profile (document 1 §4). */
export function followStatusOf(state: Pick<PairState, 'following' | 'requested'>): FollowStatus {
  if (state.following) return 'following';
  if (state.requested) return 'requested';
  return 'not_following';
}

export interface ListAccess {
  ownerId: number;
  ownerIsPrivate: boolean;
  /** null when nobody is signed in. */
  viewerId: number | null;
  /** The viewer is an approved follower of the owner. */
  viewerFollowsOwner: boolean;
}

/** Followers / following lists: public for a public user; for a private one, owner and followers only. */
export function canSeeLists(access: ListAccess): boolean {
  if (!access.ownerIsPrivate) return true;
  if (access.viewerId === null) return false;
  return access.viewerId === access.ownerId || access.viewerFollowsOwner;
}

export function assertCanSeeLists(access: ListAccess): void {
  if (!canSeeLists(access)) throw forbidden(SOCIAL_MESSAGES.privateAccount);
}

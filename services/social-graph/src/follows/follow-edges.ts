import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SocialEvents } from '../common/social-events.js';
import type { SocialUserEntity } from '../users/social-user.entity.js';
import { SocialUsersRepository } from '../users/social-users.repository.js';
import { FollowEvents } from './follow-events.js';
import { FollowRequestsRepository } from './follow-requests.repository.js';
import { decideFollow, type PairState } from './follow.policy.js';
import { FollowsRepository } from './follows.repository.js';

/**
 * The writes on follows and follow requests, each with its event in the same transaction. The
 * repositories answer whether a row really changed, and an event is written only then, so a
 * repeated call writes nothing twice.
 */
@Injectable()
export class FollowEdges {
  constructor(
    private readonly events: SocialEvents,
    private readonly followEvents: FollowEvents,
    private readonly follows: FollowsRepository,
    private readonly requests: FollowRequestsRepository,
    private readonly users: SocialUsersRepository,
  ) {}

  /**
   * Locks the users' projection rows FOR SHARE, in id order (see GraphLocks), and returns
   * those that exist by id.
   */
  lockUsers(manager: EntityManager, ids: number[]): Promise<Map<number, SocialUserEntity>> {
    return this.users.lockForShare(manager, ids);
  }

  /** The edges between `userId` and `targetId`, seen from `userId`. */
  pairState(manager: EntityManager, userId: number, targetId: number): Promise<PairState> {
    return this.follows.pairState(manager, userId, targetId);
  }

  /**
   * "followerId follows target" under the pair lock and both row locks: follows a public target,
   * asks a private one, and answers the same again when already done.
   */
  async follow(
    manager: EntityManager,
    followerId: number,
    target: Pick<SocialUserEntity, 'id' | 'isPrivate'>,
  ): Promise<'following' | 'requested'> {
    const decision = decideFollow(await this.pairState(manager, followerId, target.id), target.isPrivate);
    if (decision.action === 'follow') {
      await this.addFollow(manager, followerId, target.id);
      if (decision.clearRequest) await this.removeRequest(manager, followerId, target.id);
    } else if (decision.action === 'request') {
      await this.addRequest(manager, followerId, target.id);
    }
    return decision.status;
  }

  async addFollow(manager: EntityManager, followerId: number, followingId: number): Promise<boolean> {
    const createdAt = await this.follows.insert(manager, followerId, followingId);
    if (createdAt === null) return false;
    await this.followEvents.created(manager, { followerId, followingId, createdAt: createdAt.toISOString() });
    return true;
  }

  async removeFollow(manager: EntityManager, followerId: number, followingId: number): Promise<boolean> {
    if (!(await this.follows.delete(manager, followerId, followingId))) return false;
    await this.followEvents.removed(manager, { followerId, followingId });
    return true;
  }

  async addRequest(manager: EntityManager, requesterId: number, recipientId: number): Promise<boolean> {
    const createdAt = await this.requests.insert(manager, requesterId, recipientId);
    if (createdAt === null) return false;
    await this.events.record(manager, 'social.follow.requested', {
      requesterId,
      recipientId,
      createdAt: createdAt.toISOString(),
    });
    return true;
  }

  /** Withdrawn, rejected or accepted: the request row goes (no event; social.follow.* covers follows). */
  removeRequest(manager: EntityManager, requesterId: number, recipientId: number): Promise<boolean> {
    return this.requests.delete(manager, requesterId, recipientId);
  }

  /**
   * Every pending request to `recipientId` becomes a follow, oldest first, each with its
   * social.follow.created (a user who turned public). Returns how many were accepted.
   */
  async acceptPendingRequests(manager: EntityManager, recipientId: number): Promise<number> {
    const rows = await this.follows.acceptPendingRequests(manager, recipientId);
    for (const row of rows) {
      await this.followEvents.created(manager, {
        followerId: row.followerId,
        followingId: recipientId,
        createdAt: row.createdAt.toISOString(),
      });
    }
    return rows.length;
  }

  /** Ends every follow and request between two users, both ways (a block). */
  async severPair(manager: EntityManager, a: number, b: number): Promise<void> {
    await this.removeFollow(manager, a, b);
    await this.removeFollow(manager, b, a);
    await this.removeRequest(manager, a, b);
    await this.removeRequest(manager, b, a);
  }
}

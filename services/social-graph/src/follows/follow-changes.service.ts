import { Injectable } from '@nestjs/common';
import type { FollowCreatedEvent, FollowRemovedEvent } from '@dinebuds/contracts';
import { ServiceEvents } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import type { SocialUserEntity } from '../projections/identity/social-user.entity.js';
import type { SocialEventType } from '../social-graph.service-definition.js';
import { FollowRequestsRepository } from './follow-requests.repository.js';
import { decideFollow } from './follow.policy.js';
import { FollowsRepository } from './follows.repository.js';

/**
 * The changes to follows and follow requests that several use cases make (follow, accept, block,
 * a user turning public or being deleted), each with its event in the caller's transaction. The
 * repositories answer whether a row really changed and an event is recorded only then, so a
 * repeated call records nothing twice. Callers hold the pair's lock (PairLocks).
 */
@Injectable()
export class FollowChanges {
  constructor(
    private readonly events: ServiceEvents<SocialEventType>,
    private readonly follows: FollowsRepository,
    private readonly requests: FollowRequestsRepository,
  ) {}

  /**
   * "followerId follows target" under the pair lock and both row locks: follows a public target,
   * asks a private one, and answers the same again when already done.
   */
  async follow(
    manager: EntityManager,
    followerId: number,
    target: Pick<SocialUserEntity, 'id' | 'isPrivate'>,
  ): Promise<'following' | 'requested'> {
    const state = await this.follows.pairState(manager, followerId, target.id);
    const decision = decideFollow(state, target.isPrivate);
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
    await this.followCreated(manager, { followerId, followingId, createdAt: createdAt.toISOString() });
    return true;
  }

  async removeFollow(manager: EntityManager, followerId: number, followingId: number): Promise<boolean> {
    if (!(await this.follows.delete(manager, followerId, followingId))) return false;
    await this.followRemoved(manager, { followerId, followingId });
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
      await this.followCreated(manager, {
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

  /** Every follow (each with social.follow.removed) and request from or to a deleted user. */
  /** A deleted person's per-pair version counters, after their removals took their versions. */
  async forgetVersionsOf(manager: EntityManager, userId: number): Promise<void> {
    await this.follows.deleteVersionsOf(manager, userId);
  }

  async removeAllOf(manager: EntityManager, userId: number): Promise<void> {
    const follows = await this.follows.deleteAllOf(manager, userId);
    for (const follow of follows) await this.followRemoved(manager, follow);
    await this.requests.deleteAllOf(manager, userId);
  }

  /**
   * social.follow.created / removed carry the edge's next version (one counter per follower and
   * following pair, taken in the change's transaction): consumers apply an edge's changes in order.
   */
  private async followCreated(manager: EntityManager, data: FollowCreatedEvent): Promise<void> {
    const version = await this.follows.nextVersion(manager, data.followerId, data.followingId);
    await this.events.record(manager, 'social.follow.created', data, version);
  }

  private async followRemoved(manager: EntityManager, data: FollowRemovedEvent): Promise<void> {
    const version = await this.follows.nextVersion(manager, data.followerId, data.followingId);
    await this.events.record(manager, 'social.follow.removed', data, version);
  }
}

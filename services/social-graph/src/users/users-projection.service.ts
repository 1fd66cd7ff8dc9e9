import { Injectable, Logger } from '@nestjs/common';
import type { UserSnapshot } from '@dinebuds/contracts';
import type { EntityManager } from 'typeorm';
import { lockUserEvents } from '../common/graph-locks.js';
import { SocialEvents } from '../common/social-events.js';
import { rowsOf } from '../common/sql.js';
import { FollowEdges } from '../follows/follow-edges.js';
import { DeletedUserEntity } from './deleted-user.entity.js';
import { SocialUserEntity } from './social-user.entity.js';
import { writeBadgeIndex } from './user-badges.js';
import {
  isNewer,
  planProfileEvent,
  profileFromSnapshot,
  type ProjectedBadges,
} from './user-projection.policy.js';

export type ProjectionOutcome = 'inserted' | 'updated' | 'stale' | 'deleted-user';

/**
 * Keeps social.users in step with identity's events. Every method runs in the consumer's inbox
 * transaction (`manager`): the effect, its social.* events and the inbox row commit together.
 */
@Injectable()
export class UsersProjectionService {
  private readonly logger = new Logger(UsersProjectionService.name);

  constructor(
    private readonly edges: FollowEdges,
    private readonly events: SocialEvents,
  ) {}

  /**
   * identity.user.registered / identity.user.updated: inserts or updates the profile (and the
   * badges when the event carries them). A user who is public after the event has no pending
   * requests left: they are accepted.
   */
  async applyProfile(
    manager: EntityManager,
    snapshot: UserSnapshot,
    occurredAt: Date,
    extra: { badges?: ProjectedBadges; joinedAt?: Date } = {},
  ): Promise<ProjectionOutcome> {
    const userId = snapshot.userId;
    const stored = await this.lockForEvent(manager, userId);
    if (stored === 'deleted') return 'deleted-user';
    const profile = profileFromSnapshot(snapshot);
    const now = new Date();
    if (stored === null) {
      await manager.insert(SocialUserEntity, {
        id: userId,
        ...profile,
        flavorBadges: extra.badges?.flavorBadges ?? [],
        cityBadges: extra.badges?.cityBadges ?? [],
        joinedAt: extra.joinedAt ?? null,
        profileSyncedAt: occurredAt,
        badgesSyncedAt: extra.badges ? occurredAt : null,
        updatedAt: now,
      });
      if (extra.badges) await writeBadgeIndex(manager, userId, extra.badges);
      return 'inserted';
    }
    const plan = planProfileEvent(stored, profile, occurredAt);
    const changes: Partial<SocialUserEntity> = {};
    if (plan.applyProfile) Object.assign(changes, profile, { profileSyncedAt: occurredAt });
    const badgesChange = extra.badges && isNewer(occurredAt, stored.badgesSyncedAt) ? extra.badges : null;
    if (badgesChange) Object.assign(changes, badgesChange, { badgesSyncedAt: occurredAt });
    if (extra.joinedAt && stored.joinedAt === null) changes.joinedAt = extra.joinedAt;
    if (Object.keys(changes).length === 0) return 'stale';
    await manager.update(SocialUserEntity, { id: userId }, { ...changes, updatedAt: now });
    if (badgesChange) await writeBadgeIndex(manager, userId, badgesChange);
    if (plan.acceptPendingRequests) {
      const accepted = await this.edges.acceptPendingRequests(manager, userId);
      if (accepted > 0)
        this.logger.log({ userId, accepted }, 'User turned public: pending follow requests accepted');
    }
    return plan.applyProfile ? 'updated' : 'stale';
  }

  /**
   * identity.user.badges-changed. Badges of a user whose profile has not arrived yet cannot be
   * stored (no row): the delivery fails and is retried, by then the registration is in.
   */
  async applyBadges(
    manager: EntityManager,
    userId: number,
    badges: ProjectedBadges,
    occurredAt: Date,
  ): Promise<ProjectionOutcome> {
    const stored = await this.lockForEvent(manager, userId);
    if (stored === 'deleted') return 'deleted-user';
    if (stored === null) throw new Error(`Badges of user ${userId} arrived before the user; retrying later`);
    if (!isNewer(occurredAt, stored.badgesSyncedAt)) return 'stale';
    await manager.update(
      SocialUserEntity,
      { id: userId },
      { ...badges, badgesSyncedAt: occurredAt, updatedAt: new Date() },
    );
    await writeBadgeIndex(manager, userId, badges);
    return 'updated';
  }

  /**
   * identity.user.deleted: every follow, request and block of the user goes (with
   * social.follow.removed / social.block.removed for the edges that existed), then the
   * projection row; a tombstone keeps later events about the user from bringing it back.
   */
  async removeUser(manager: EntityManager, userId: number): Promise<void> {
    // FOR UPDATE waits for graph changes holding the row FOR SHARE; none can start after it.
    await this.lockForEvent(manager, userId);
    const follows = rowsOf<{ followerId: number; followingId: number }>(
      await manager.query(
        `DELETE FROM "social"."follows" WHERE "follower_id" = $1 OR "following_id" = $1
         RETURNING "follower_id" AS "followerId", "following_id" AS "followingId"`,
        [userId],
      ),
    );
    for (const follow of follows) await this.events.record(manager, 'social.follow.removed', follow);
    await manager.query(
      `DELETE FROM "social"."follow_requests" WHERE "requester_id" = $1 OR "recipient_id" = $1`,
      [userId],
    );
    const blocks = rowsOf<{ blockerId: number; blockedId: number }>(
      await manager.query(
        `DELETE FROM "social"."blocks" WHERE "blocker_id" = $1 OR "blocked_id" = $1
         RETURNING "blocker_id" AS "blockerId", "blocked_id" AS "blockedId"`,
        [userId],
      ),
    );
    for (const block of blocks) await this.events.record(manager, 'social.block.removed', block);
    await manager.delete(SocialUserEntity, { id: userId });
    await manager
      .createQueryBuilder()
      .insert()
      .into(DeletedUserEntity)
      .values({ userId, deletedAt: new Date() })
      .orIgnore()
      .execute();
  }

  /** Per-user event lock, tombstone check, then the row locked FOR UPDATE (null: not known yet). */
  private async lockForEvent(
    manager: EntityManager,
    userId: number,
  ): Promise<SocialUserEntity | null | 'deleted'> {
    await lockUserEvents(manager, userId);
    if (await manager.existsBy(DeletedUserEntity, { userId })) return 'deleted';
    return manager.findOne(SocialUserEntity, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
  }
}

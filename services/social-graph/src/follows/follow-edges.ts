import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SocialEvents } from '../common/social-events.js';
import { rowsOf } from '../common/sql.js';
import { SocialUserEntity } from '../users/social-user.entity.js';
import { decideFollow, type PairState } from './follow.policy.js';

/**
 * The writes on follows and follow requests, each with its event in the same transaction. Every
 * insert is `ON CONFLICT DO NOTHING ... RETURNING` and every delete `RETURNING`: an event is
 * written only when the row really changed, so a repeated call writes nothing twice.
 */
@Injectable()
export class FollowEdges {
  constructor(private readonly events: SocialEvents) {}

  /**
   * Locks the users' projection rows FOR SHARE, in id order (see graph-locks.ts), and returns
   * those that exist by id.
   */
  async lockUsers(manager: EntityManager, ids: number[]): Promise<Map<number, SocialUserEntity>> {
    const users = await manager
      .createQueryBuilder(SocialUserEntity, 'u')
      .where('u.id IN (:...ids)', { ids: [...new Set(ids)] })
      .orderBy('u.id', 'ASC')
      .setLock('pessimistic_read')
      .getMany();
    return new Map(users.map((u) => [u.id, u]));
  }

  /** The edges between `userId` and `targetId`, seen from `userId`. */
  async pairState(manager: EntityManager, userId: number, targetId: number): Promise<PairState> {
    const [row] = rowsOf<PairState>(
      await manager.query(
        `SELECT
         EXISTS (SELECT 1 FROM "social"."follows" WHERE "follower_id" = $1 AND "following_id" = $2) AS "following",
         EXISTS (SELECT 1 FROM "social"."follow_requests" WHERE "requester_id" = $1 AND "recipient_id" = $2) AS "requested",
         EXISTS (SELECT 1 FROM "social"."blocks" WHERE "blocker_id" = $1 AND "blocked_id" = $2) AS "blocking",
         EXISTS (SELECT 1 FROM "social"."blocks" WHERE "blocker_id" = $2 AND "blocked_id" = $1) AS "blockedBy"`,
        [userId, targetId],
      ),
    );
    return row!;
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
    const rows = rowsOf<{ createdAt: Date }>(
      await manager.query(
        `INSERT INTO "social"."follows" ("follower_id", "following_id") VALUES ($1, $2)
         ON CONFLICT ("follower_id", "following_id") DO NOTHING
         RETURNING "created_at" AS "createdAt"`,
        [followerId, followingId],
      ),
    );
    if (rows.length === 0) return false;
    await this.events.record(manager, 'social.follow.created', {
      followerId,
      followingId,
      createdAt: rows[0]!.createdAt.toISOString(),
    });
    return true;
  }

  async removeFollow(manager: EntityManager, followerId: number, followingId: number): Promise<boolean> {
    const rows = rowsOf(
      await manager.query(
        `DELETE FROM "social"."follows" WHERE "follower_id" = $1 AND "following_id" = $2 RETURNING "id"`,
        [followerId, followingId],
      ),
    );
    if (rows.length === 0) return false;
    await this.events.record(manager, 'social.follow.removed', { followerId, followingId });
    return true;
  }

  async addRequest(manager: EntityManager, requesterId: number, recipientId: number): Promise<boolean> {
    const rows = rowsOf<{ createdAt: Date }>(
      await manager.query(
        `INSERT INTO "social"."follow_requests" ("requester_id", "recipient_id") VALUES ($1, $2)
         ON CONFLICT ("requester_id", "recipient_id") DO NOTHING
         RETURNING "created_at" AS "createdAt"`,
        [requesterId, recipientId],
      ),
    );
    if (rows.length === 0) return false;
    await this.events.record(manager, 'social.follow.requested', {
      requesterId,
      recipientId,
      createdAt: rows[0]!.createdAt.toISOString(),
    });
    return true;
  }

  /** Withdrawn, rejected or accepted: the request row goes (no event; social.follow.* covers follows). */
  async removeRequest(manager: EntityManager, requesterId: number, recipientId: number): Promise<boolean> {
    const rows = rowsOf(
      await manager.query(
        `DELETE FROM "social"."follow_requests" WHERE "requester_id" = $1 AND "recipient_id" = $2 RETURNING "id"`,
        [requesterId, recipientId],
      ),
    );
    return rows.length > 0;
  }

  /**
   * Every pending request to `recipientId` becomes a follow, oldest first, each with its
   * social.follow.created (a user who turned public). Returns how many were accepted.
   */
  async acceptPendingRequests(manager: EntityManager, recipientId: number): Promise<number> {
    const rows = rowsOf<{ followerId: number; createdAt: Date }>(
      await manager.query(
        `WITH "accepted" AS (
         DELETE FROM "social"."follow_requests" WHERE "recipient_id" = $1 RETURNING "requester_id", "created_at", "id"
       )
       INSERT INTO "social"."follows" ("follower_id", "following_id")
       SELECT "requester_id", $1 FROM "accepted" ORDER BY "created_at", "id"
       ON CONFLICT ("follower_id", "following_id") DO NOTHING
       RETURNING "follower_id" AS "followerId", "created_at" AS "createdAt"`,
        [recipientId],
      ),
    );
    for (const row of rows) {
      await this.events.record(manager, 'social.follow.created', {
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

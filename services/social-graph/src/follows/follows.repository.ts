import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { rowsOf, socialTable } from '../common/sql.js';
import { deletePair, insertPair, pageOfPairs, type PairTable } from '../common/user-pairs.js';
import { userSummaryColumns, type UserSummaryRow } from '../users/user.mapper.js';
import type { FollowCursor } from './follow-cursor.js';
import type { PairState } from './follow.policy.js';

const FOLLOW_PAIRS: PairTable = { table: socialTable('follows'), from: 'follower_id', to: 'following_id' };
const FOLLOWS = FOLLOW_PAIRS.table;
const FOLLOW_VERSIONS = socialTable('follow_versions');
const REQUESTS = socialTable('follow_requests');
const BLOCKS = socialTable('blocks');
const USERS = socialTable('users');

export type Direction = 'followers' | 'following';

/** A keyset page request: `limit` rows strictly after `after` (null: from the newest). */
export interface KeysetPage {
  limit: number;
  after: FollowCursor | null;
}

export interface FollowListRow extends UserSummaryRow {
  followId: number;
  createdAtMicros: string;
}

/**
 * Persistence of social.follows, and the pair state read across follows, requests and blocks.
 * Inserts are `ON CONFLICT DO NOTHING ... RETURNING` and deletes `RETURNING`, so callers learn
 * whether a row really changed (and write an event only then).
 */
@Injectable()
export class FollowsRepository {
  /** The edges between `userId` and `targetId`, seen from `userId`. */
  async pairState(manager: EntityManager, userId: number, targetId: number): Promise<PairState> {
    const [row] = rowsOf<PairState>(
      await manager.query(
        `SELECT
         EXISTS (SELECT 1 FROM ${FOLLOWS} WHERE "follower_id" = $1 AND "following_id" = $2) AS "following",
         EXISTS (SELECT 1 FROM ${REQUESTS} WHERE "requester_id" = $1 AND "recipient_id" = $2) AS "requested",
         EXISTS (SELECT 1 FROM ${BLOCKS} WHERE "blocker_id" = $1 AND "blocked_id" = $2) AS "blocking",
         EXISTS (SELECT 1 FROM ${BLOCKS} WHERE "blocker_id" = $2 AND "blocked_id" = $1) AS "blockedBy"`,
        [userId, targetId],
      ),
    );
    return row!;
  }

  /** The new follow's creation time, or null when it already existed. */
  insert(manager: EntityManager, followerId: number, followingId: number): Promise<Date | null> {
    return insertPair(manager, FOLLOW_PAIRS, followerId, followingId);
  }

  /** False when there was no such follow. */
  delete(manager: EntityManager, followerId: number, followingId: number): Promise<boolean> {
    return deletePair(manager, FOLLOW_PAIRS, followerId, followingId);
  }

  /**
   * Every pending request to `recipientId` becomes a follow, oldest first, in one statement;
   * answers the follows that were created.
   */
  async acceptPendingRequests(
    manager: EntityManager,
    recipientId: number,
  ): Promise<Array<{ followerId: number; createdAt: Date }>> {
    return rowsOf<{ followerId: number; createdAt: Date }>(
      await manager.query(
        `WITH "accepted" AS (
         DELETE FROM ${REQUESTS} WHERE "recipient_id" = $1 RETURNING "requester_id", "created_at", "id"
       )
       INSERT INTO ${FOLLOWS} ("follower_id", "following_id")
       SELECT "requester_id", $1 FROM "accepted" ORDER BY "created_at", "id"
       ON CONFLICT ("follower_id", "following_id") DO NOTHING
       RETURNING "follower_id" AS "followerId", "created_at" AS "createdAt"`,
        [recipientId],
      ),
    );
  }

  /** The edge's next version (social.follow.* aggregateVersion), taken in the change's transaction. */
  async nextVersion(manager: EntityManager, followerId: number, followingId: number): Promise<number> {
    const rows = rowsOf<{ version: number }>(
      await manager.query(
        `INSERT INTO ${FOLLOW_VERSIONS} AS v ("follower_id", "following_id", "version") VALUES ($1, $2, 1)
         ON CONFLICT ("follower_id", "following_id") DO UPDATE SET "version" = v."version" + 1
         RETURNING "version"`,
        [followerId, followingId],
      ),
    );
    return rows[0].version;
  }

  /** Every follow from or to the user goes; answers those that existed. */
  async deleteAllOf(
    manager: EntityManager,
    userId: number,
  ): Promise<Array<{ followerId: number; followingId: number }>> {
    return rowsOf<{ followerId: number; followingId: number }>(
      await manager.query(
        `DELETE FROM ${FOLLOWS} WHERE "follower_id" = $1 OR "following_id" = $1
         RETURNING "follower_id" AS "followerId", "following_id" AS "followingId"`,
        [userId],
      ),
    );
  }

  async count(manager: EntityManager, direction: Direction, userId: number): Promise<number> {
    const { matchColumn } = columnsOf(direction);
    const [row] = rowsOf<{ count: number }>(
      await manager.query(`SELECT count(*)::int AS "count" FROM ${FOLLOWS} WHERE "${matchColumn}" = $1`, [
        userId,
      ]),
    );
    return row?.count ?? 0;
  }

  /** One keyset page (one row more than asked: the caller tells whether a next page exists). */
  async page(
    manager: EntityManager,
    direction: Direction,
    userId: number,
    page: KeysetPage,
  ): Promise<FollowListRow[]> {
    return rowsOf<FollowListRow>(await manager.query(...followPageQuery(direction, userId, page)));
  }

  /** Newest first by limit/offset (an OFFSET read costs the rows it skips; page() does not). */
  list(manager: EntityManager, direction: Direction, userId: number, page: Page): Promise<UserSummaryRow[]> {
    // followers of X: the follows *to* X; following: the follows *from* X.
    return pageOfPairs<UserSummaryRow>(
      manager,
      FOLLOW_PAIRS,
      direction === 'followers' ? 'to' : 'from',
      userId,
      page,
    );
  }
}

/**
 * The SQL of page() (exported so a test can EXPLAIN exactly this): a range of the (user,
 * created_at, id) index after the cursor, one row more than asked to tell whether a next page
 * exists without a count.
 */
export function followPageQuery(direction: Direction, userId: number, page: KeysetPage): [string, unknown[]] {
  const { matchColumn, otherColumn } = columnsOf(direction);
  const after = page.after;
  const sql = `SELECT f."id" AS "followId",
         (extract(epoch FROM f."created_at") * 1000000)::bigint::text AS "createdAtMicros",
         ${userSummaryColumns('u')}
     FROM ${FOLLOWS} f
     JOIN ${USERS} u ON u."id" = f."${otherColumn}"
     WHERE f."${matchColumn}" = $1
     ${after ? `AND (f."created_at", f."id") < ('epoch'::timestamptz + $3::bigint * interval '1 microsecond', $4::int)` : ''}
     ORDER BY f."created_at" DESC, f."id" DESC
     LIMIT $2`;
  return [sql, after ? [userId, page.limit + 1, after.createdAtMicros, after.id] : [userId, page.limit + 1]];
}

/** followers of X: rows where following_id = X, showing follower_id; following: the reverse. */
function columnsOf(direction: Direction): { matchColumn: string; otherColumn: string } {
  return direction === 'followers'
    ? { matchColumn: 'following_id', otherColumn: 'follower_id' }
    : { matchColumn: 'follower_id', otherColumn: 'following_id' };
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { rowsOf, schemaTable } from '@dinebuds/database';
import { SOCIAL_SCHEMA } from '../config.js';
import {
  deleteEdge,
  deleteEdgesOf,
  insertEdge,
  pageOfEdges,
  type UserEdgeTable,
} from '../common/user-edges.repository.js';
import { userSummaryColumns, type UserSummaryRow } from '../projections/identity/user.mapper.js';
import type { FollowCursor } from './follow-cursor.js';
import { FollowEntity } from './follow.entity.js';
import type { PairState } from './follow.policy.js';

const FOLLOW_EDGES: UserEdgeTable = {
  table: schemaTable(SOCIAL_SCHEMA, 'follows'),
  from: 'follower_id',
  to: 'following_id',
};
const FOLLOWS = FOLLOW_EDGES.table;
const FOLLOW_VERSIONS = schemaTable(SOCIAL_SCHEMA, 'follow_versions');
const REQUESTS = schemaTable(SOCIAL_SCHEMA, 'follow_requests');
const BLOCKS = schemaTable(SOCIAL_SCHEMA, 'blocks');
const USERS = schemaTable(SOCIAL_SCHEMA, 'users');

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
 * Persistence of social.follows and social.follow_versions, and the pair state read across
 * follows, requests and blocks. Writes answer whether a row really changed (see UserEdgeTable).
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
    return insertEdge(manager, FOLLOW_EDGES, followerId, followingId);
  }

  /** False when there was no such follow. */
  delete(manager: EntityManager, followerId: number, followingId: number): Promise<boolean> {
    return deleteEdge(manager, FOLLOW_EDGES, followerId, followingId);
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

  /** The per-pair counters of a deleted person (no pair of theirs recurs). */
  async deleteVersionsOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${FOLLOW_VERSIONS} WHERE follower_id = $1 OR following_id = $1`, [
      userId,
    ]);
  }

  /** Every follow from or to the user goes; answers those that existed. */
  async deleteAllOf(
    manager: EntityManager,
    userId: number,
  ): Promise<Array<{ followerId: number; followingId: number }>> {
    const edges = await deleteEdgesOf(manager, FOLLOW_EDGES, userId);
    return edges.map(({ fromId, toId }) => ({ followerId: fromId, followingId: toId }));
  }

  count(manager: EntityManager, direction: Direction, userId: number): Promise<number> {
    return manager.countBy(
      FollowEntity,
      direction === 'followers' ? { followingId: userId } : { followerId: userId },
    );
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
    return pageOfEdges<UserSummaryRow>(
      manager,
      FOLLOW_EDGES,
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

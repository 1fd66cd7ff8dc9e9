import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { insertIfAbsent, rowsOf, table } from '../../common/sql.js';
import { BlockEntity } from './block.entity.js';
import { FollowVersionEntity } from './follow-version.entity.js';
import { FollowEntity } from './follow.entity.js';

const FOLLOWS = table('follows');
const FOLLOW_VERSIONS = table('follow_versions');
const BLOCKS = table('blocks');

/** Messaging's projection of social-graph's approved follows (with each edge's version) and blocks. */
@Injectable()
export class SocialGraphRepository {
  /**
   * The edge's applied version, its row locked (created FOR UPDATE when new) so one edge's events
   * apply one at a time; null when none was applied with a version.
   */
  async lockFollowVersion(
    manager: EntityManager,
    followerId: number,
    followingId: number,
  ): Promise<number | null> {
    await manager.query(
      `INSERT INTO ${FOLLOW_VERSIONS} (follower_id, following_id, version) VALUES ($1, $2, 0)
       ON CONFLICT DO NOTHING`,
      [followerId, followingId],
    );
    const rows = rowsOf<{ version: number }>(
      await manager.query(
        `SELECT version FROM ${FOLLOW_VERSIONS} WHERE follower_id = $1 AND following_id = $2 FOR UPDATE`,
        [followerId, followingId],
      ),
    );
    const version = rows[0]?.version ?? 0;
    return version === 0 ? null : version;
  }

  async setFollowVersion(
    manager: EntityManager,
    followerId: number,
    followingId: number,
    version: number,
  ): Promise<void> {
    await manager.update(FollowVersionEntity, { followerId, followingId }, { version });
  }

  async addFollow(manager: EntityManager, followerId: number, followingId: number): Promise<void> {
    await insertIfAbsent(manager, FollowEntity, { followerId, followingId });
  }

  async removeFollow(manager: EntityManager, followerId: number, followingId: number): Promise<void> {
    await manager.delete(FollowEntity, { followerId, followingId });
  }

  async follows(manager: EntityManager, followerId: number, followingId: number): Promise<boolean> {
    return manager.existsBy(FollowEntity, { followerId, followingId });
  }

  async addBlock(manager: EntityManager, blockerId: number, blockedId: number): Promise<void> {
    await insertIfAbsent(manager, BlockEntity, { blockerId, blockedId });
  }

  async removeBlock(manager: EntityManager, blockerId: number, blockedId: number): Promise<void> {
    await manager.delete(BlockEntity, { blockerId, blockedId });
  }

  /** Whether either of the two blocks the other. */
  async blockedEitherWay(manager: EntityManager, a: number, b: number): Promise<boolean> {
    const rows = rowsOf<{ blocked: boolean }>(
      await manager.query(
        `SELECT EXISTS (SELECT 1 FROM ${BLOCKS}
           WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)) AS blocked`,
        [a, b],
      ),
    );
    return rows[0]?.blocked === true;
  }

  /** A deleted user's follows (and their versions) and blocks, both ways. */
  async removeAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${FOLLOW_VERSIONS} WHERE follower_id = $1 OR following_id = $1`, [
      userId,
    ]);
    await manager.query(`DELETE FROM ${FOLLOWS} WHERE follower_id = $1 OR following_id = $1`, [userId]);
    await manager.query(`DELETE FROM ${BLOCKS} WHERE blocker_id = $1 OR blocked_id = $1`, [userId]);
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { insertIfAbsent, rowsOf, table } from '../../common/sql.js';
import { FollowVersionEntity } from './follow-version.entity.js';
import { FollowEntity } from './follow.entity.js';

const FOLLOWS = table('follows');
const FOLLOW_VERSIONS = table('follow_versions');

/** reviews' projection of social-graph's approved follows, with each edge's applied version. */
@Injectable()
export class FollowsRepository {
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

  /** A deleted user's edges both ways, and their versions. */
  async removeAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${FOLLOW_VERSIONS} WHERE follower_id = $1 OR following_id = $1`, [
      userId,
    ]);
    await manager.query(`DELETE FROM ${FOLLOWS} WHERE follower_id = $1 OR following_id = $1`, [userId]);
  }

  async follows(manager: EntityManager, followerId: number, followingId: number): Promise<boolean> {
    return manager.existsBy(FollowEntity, { followerId, followingId });
  }
}

/**
 * SQL condition: the reviewer aliased `u` (joined from reviews.users) is visible to viewer `$n`
 * (see canSeeContent). Shared by repositories that list other people's content.
 */
export function visibleToViewerSql(userAlias: string, viewerParam: string): string {
  return `(NOT ${userAlias}.is_private OR ${userAlias}.id = ${viewerParam}::int OR EXISTS (
    SELECT 1 FROM ${FOLLOWS} f WHERE f.follower_id = ${viewerParam}::int AND f.following_id = ${userAlias}.id))`;
}

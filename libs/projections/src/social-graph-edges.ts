import { insertIfAbsent, rowsOf, schemaTable } from '@dinebuds/database';
import { Column, Entity, PrimaryColumn, type EntityManager } from 'typeorm';
import { isNewerFollowChange } from './follow-change.policy.js';

/**
 * The tables a service keeps of social-graph's approved follows and blocks, in its own schema:
 * `follows`, `follow_versions` and `blocks`. Indexes beyond the primary keys are each service's
 * migration's (what its reads need); the entities declare the tables and keys.
 */
export function socialGraphEdgeEntities(schema: string) {
  /** An approved follow, from social.follow.created / removed. */
  @Entity({ schema, name: 'follows' })
  class FollowEntity {
    @PrimaryColumn({ name: 'follower_id', type: 'integer', primaryKeyConstraintName: 'follows_pkey' })
    followerId!: number;

    @PrimaryColumn({ name: 'following_id', type: 'integer', primaryKeyConstraintName: 'follows_pkey' })
    followingId!: number;
  }

  /**
   * The version of a follow edge applied last. It outlives the edge, so a late created event older
   * than the removal is ignored; 0 (locked, nothing applied with a version yet).
   */
  @Entity({ schema, name: 'follow_versions' })
  class FollowVersionEntity {
    @PrimaryColumn({ name: 'follower_id', type: 'integer', primaryKeyConstraintName: 'follow_versions_pkey' })
    followerId!: number;

    @PrimaryColumn({
      name: 'following_id',
      type: 'integer',
      primaryKeyConstraintName: 'follow_versions_pkey',
    })
    followingId!: number;

    @Column({ type: 'integer' })
    version!: number;
  }

  /** A block standing in social-graph (social.block.created / removed). */
  @Entity({ schema, name: 'blocks' })
  class BlockEntity {
    @PrimaryColumn({ name: 'blocker_id', type: 'integer', primaryKeyConstraintName: 'blocks_pkey' })
    blockerId!: number;

    @PrimaryColumn({ name: 'blocked_id', type: 'integer', primaryKeyConstraintName: 'blocks_pkey' })
    blockedId!: number;
  }

  return { FollowEntity, FollowVersionEntity, BlockEntity };
}

export type SocialGraphEdgeEntities = ReturnType<typeof socialGraphEdgeEntities>;

/** Whether a user is gone from the service's users projection (its events then change nothing). */
export type IsDeletedUser = (manager: EntityManager, userId: number) => Promise<boolean>;

/** The quoted names of the three tables in a service's schema, for its own SQL. */
export function socialGraphEdgeTables(schema: string) {
  return {
    follows: schemaTable(schema, 'follows'),
    followVersions: schemaTable(schema, 'follow_versions'),
    blocks: schemaTable(schema, 'blocks'),
  };
}

/**
 * SQL condition: no block in `blocksTable` stands between viewer `viewerParam` and the user whose
 * id is the SQL expression `userIdSql`, either way (both probes use a key or the migration's index).
 */
export function notBlockedSql(blocksTable: string, userIdSql: string, viewerParam: string): string {
  return `NOT EXISTS (SELECT 1 FROM ${blocksTable} bl
    WHERE (bl.blocker_id = ${viewerParam}::int AND bl.blocked_id = ${userIdSql})
       OR (bl.blocker_id = ${userIdSql} AND bl.blocked_id = ${viewerParam}::int))`;
}

/**
 * A service's projection of social-graph's follows and blocks: the statements and the ordering
 * rule (a follow edge's change applies only when newer than the version applied last), written
 * once. Each method runs in the caller's transaction, normally the consumer's inbox transaction.
 */
export class SocialGraphEdges {
  private readonly tables: ReturnType<typeof socialGraphEdgeTables>;

  constructor(
    schema: string,
    private readonly entities: SocialGraphEdgeEntities,
    /** The service's users projection: a gone user's follow events change nothing. */
    private readonly isDeleted: IsDeletedUser,
  ) {
    this.tables = socialGraphEdgeTables(schema);
  }

  /** social.follow.created: the edge, unless a user is gone or a newer change of it was applied. */
  async applyFollowCreated(
    manager: EntityManager,
    edge: { followerId: number; followingId: number },
    version: number | null,
  ): Promise<void> {
    if (await this.eitherDeleted(manager, edge.followerId, edge.followingId)) return;
    if (!(await this.newerFollowChange(manager, edge, version))) return;
    await insertIfAbsent(manager, this.entities.FollowEntity, edge);
  }

  /**
   * social.follow.removed: the edge goes, unless a newer change of it (a re-follow) was applied.
   * After a user's deletion (which removed every edge of theirs) it changes nothing, so no
   * version row of theirs comes back.
   */
  async applyFollowRemoved(
    manager: EntityManager,
    edge: { followerId: number; followingId: number },
    version: number | null,
  ): Promise<void> {
    if (await this.eitherDeleted(manager, edge.followerId, edge.followingId)) return;
    if (!(await this.newerFollowChange(manager, edge, version))) return;
    await manager.delete(this.entities.FollowEntity, edge);
  }

  /** social.block.created (a set: each change is applied once by the inbox); none for a gone user. */
  async addBlock(manager: EntityManager, blockerId: number, blockedId: number): Promise<void> {
    if (await this.eitherDeleted(manager, blockerId, blockedId)) return;
    await insertIfAbsent(manager, this.entities.BlockEntity, { blockerId, blockedId });
  }

  /** social.block.removed. */
  async removeBlock(manager: EntityManager, blockerId: number, blockedId: number): Promise<void> {
    await manager.delete(this.entities.BlockEntity, { blockerId, blockedId });
  }

  async isFollowing(manager: EntityManager, followerId: number, followingId: number): Promise<boolean> {
    return manager.existsBy(this.entities.FollowEntity, { followerId, followingId });
  }

  /** Whether either of the two blocks the other. */
  async blockedEitherWay(manager: EntityManager, a: number, b: number): Promise<boolean> {
    return manager.exists(this.entities.BlockEntity, {
      where: [
        { blockerId: a, blockedId: b },
        { blockerId: b, blockedId: a },
      ],
    });
  }

  /** A deleted user's follows (and their versions) and blocks, both ways. */
  async removeAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(
      `DELETE FROM ${this.tables.followVersions} WHERE follower_id = $1 OR following_id = $1`,
      [userId],
    );
    await manager.query(`DELETE FROM ${this.tables.follows} WHERE follower_id = $1 OR following_id = $1`, [
      userId,
    ]);
    await manager.query(`DELETE FROM ${this.tables.blocks} WHERE blocker_id = $1 OR blocked_id = $1`, [
      userId,
    ]);
  }

  private async eitherDeleted(manager: EntityManager, a: number, b: number): Promise<boolean> {
    return (await this.isDeleted(manager, a)) || (await this.isDeleted(manager, b));
  }

  /**
   * Locks the edge's version row (created when new) so one edge's events apply one at a time;
   * when the change is newer than the one applied, records its version and answers true.
   */
  private async newerFollowChange(
    manager: EntityManager,
    { followerId, followingId }: { followerId: number; followingId: number },
    version: number | null,
  ): Promise<boolean> {
    await manager.query(
      `INSERT INTO ${this.tables.followVersions} (follower_id, following_id, version) VALUES ($1, $2, 0)
       ON CONFLICT DO NOTHING`,
      [followerId, followingId],
    );
    const rows = rowsOf<{ version: number }>(
      await manager.query(
        `SELECT version FROM ${this.tables.followVersions} WHERE follower_id = $1 AND following_id = $2 FOR UPDATE`,
        [followerId, followingId],
      ),
    );
    const applied = rows[0]?.version || null; // 0: nothing applied with a version yet
    if (!isNewerFollowChange(version, applied)) return false;
    if (version !== null)
      await manager.update(this.entities.FollowVersionEntity, { followerId, followingId }, { version });
    return true;
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { rowsOf, socialTable } from '../common/sql.js';
import { userSummaryColumns, type UserSummaryRow } from '../users/user.mapper.js';

const BLOCKS = socialTable('blocks');
const USERS = socialTable('users');

export interface BlockRow extends UserSummaryRow {
  blockId: number;
  blockerId: number;
  blockedId: number;
  createdAt: Date;
}

const BLOCK_SELECT = `SELECT b."id" AS "blockId", b."blocker_id" AS "blockerId", b."blocked_id" AS "blockedId",
         b."created_at" AS "createdAt", ${userSummaryColumns('u')}
  FROM ${BLOCKS} b
  JOIN ${USERS} u ON u."id" = b."blocked_id"`;

/** Persistence of social.blocks. */
@Injectable()
export class BlocksRepository {
  async find(manager: EntityManager, blockerId: number, blockedId: number): Promise<BlockRow | undefined> {
    const rows = rowsOf<BlockRow>(
      await manager.query(`${BLOCK_SELECT} WHERE b."blocker_id" = $1 AND b."blocked_id" = $2`, [
        blockerId,
        blockedId,
      ]),
    );
    return rows[0];
  }

  async insert(manager: EntityManager, blockerId: number, blockedId: number): Promise<void> {
    await manager.query(`INSERT INTO ${BLOCKS} ("blocker_id", "blocked_id") VALUES ($1, $2)`, [
      blockerId,
      blockedId,
    ]);
  }

  /** False when there was no such block. */
  async delete(manager: EntityManager, blockerId: number, blockedId: number): Promise<boolean> {
    const rows = rowsOf(
      await manager.query(
        `DELETE FROM ${BLOCKS} WHERE "blocker_id" = $1 AND "blocked_id" = $2 RETURNING "id"`,
        [blockerId, blockedId],
      ),
    );
    return rows.length > 0;
  }

  /** Every block by or of the user goes; answers those that existed. */
  async deleteAllOf(
    manager: EntityManager,
    userId: number,
  ): Promise<Array<{ blockerId: number; blockedId: number }>> {
    return rowsOf<{ blockerId: number; blockedId: number }>(
      await manager.query(
        `DELETE FROM ${BLOCKS} WHERE "blocker_id" = $1 OR "blocked_id" = $1
         RETURNING "blocker_id" AS "blockerId", "blocked_id" AS "blockedId"`,
        [userId],
      ),
    );
  }

  /** The blocker's blocks, newest first, with the blocked user's summary. */
  async listBy(manager: EntityManager, blockerId: number, page: Page): Promise<BlockRow[]> {
    return rowsOf<BlockRow>(
      await manager.query(
        `${BLOCK_SELECT} WHERE b."blocker_id" = $1 ORDER BY b."created_at" DESC, b."id" DESC LIMIT $2 OFFSET $3`,
        [blockerId, page.limit, page.offset],
      ),
    );
  }
}

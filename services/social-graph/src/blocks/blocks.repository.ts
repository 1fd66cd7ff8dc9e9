import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { rowsOf, socialTable } from '../common/sql.js';
import { deletePair, pageOfPairs, type PairTable } from '../common/user-pairs.js';
import { userSummaryColumns, type UserSummaryRow } from '../users/user.mapper.js';

const BLOCK_PAIRS: PairTable = { table: socialTable('blocks'), from: 'blocker_id', to: 'blocked_id' };
const BLOCKS = BLOCK_PAIRS.table;
const USERS = socialTable('users');

export interface BlockRow extends UserSummaryRow {
  blockId: number;
  blockerId: number;
  blockedId: number;
  createdAt: Date;
}

/** A block's own columns, the block aliased `alias`. */
const blockColumns = (alias: string) =>
  `${alias}."id" AS "blockId", ${alias}."blocker_id" AS "blockerId", ${alias}."blocked_id" AS "blockedId",
   ${alias}."created_at" AS "createdAt"`;

const BLOCK_SELECT = `SELECT ${blockColumns('b')}, ${userSummaryColumns('u')}
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
  delete(manager: EntityManager, blockerId: number, blockedId: number): Promise<boolean> {
    return deletePair(manager, BLOCK_PAIRS, blockerId, blockedId);
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
  listBy(manager: EntityManager, blockerId: number, page: Page): Promise<BlockRow[]> {
    return pageOfPairs<BlockRow>(manager, BLOCK_PAIRS, 'from', blockerId, page, blockColumns('p'));
  }
}

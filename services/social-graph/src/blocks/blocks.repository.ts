import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { rowsOf, schemaTable } from '@dinebuds/database';
import { SOCIAL_SCHEMA } from '../config.js';
import {
  deleteEdge,
  deleteEdgesOf,
  pageOfEdges,
  type UserEdgeTable,
} from '../common/user-edges.repository.js';
import { userSummaryColumns, type UserSummaryRow } from '../projections/identity/user.mapper.js';
import { BlockEntity } from './block.entity.js';

const BLOCK_EDGES: UserEdgeTable = {
  table: schemaTable(SOCIAL_SCHEMA, 'blocks'),
  from: 'blocker_id',
  to: 'blocked_id',
};
const BLOCKS = BLOCK_EDGES.table;
const USERS = schemaTable(SOCIAL_SCHEMA, 'users');

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
  /** The block with the blocked user's summary. */
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
    await manager.insert(BlockEntity, { blockerId, blockedId });
  }

  /** False when there was no such block. */
  delete(manager: EntityManager, blockerId: number, blockedId: number): Promise<boolean> {
    return deleteEdge(manager, BLOCK_EDGES, blockerId, blockedId);
  }

  /** Every block by or of the user goes; answers those that existed. */
  async deleteAllOf(
    manager: EntityManager,
    userId: number,
  ): Promise<Array<{ blockerId: number; blockedId: number }>> {
    const edges = await deleteEdgesOf(manager, BLOCK_EDGES, userId);
    return edges.map(({ fromId, toId }) => ({ blockerId: fromId, blockedId: toId }));
  }

  /** The blocker's blocks, newest first, with the blocked user's summary. */
  listBy(manager: EntityManager, blockerId: number, page: Page): Promise<BlockRow[]> {
    return pageOfEdges<BlockRow>(manager, BLOCK_EDGES, 'from', blockerId, page, blockColumns('p'));
  }
}

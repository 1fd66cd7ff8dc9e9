import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { insertIfAbsent, table } from '../../common/sql.js';
import { BlockEntity } from './block.entity.js';

const BLOCKS = table('blocks');

/** reviews' projection of social-graph's blocks (a set: each change applied once by the inbox). */
@Injectable()
export class BlocksRepository {
  async addBlock(manager: EntityManager, blockerId: number, blockedId: number): Promise<void> {
    await insertIfAbsent(manager, BlockEntity, { blockerId, blockedId });
  }

  async removeBlock(manager: EntityManager, blockerId: number, blockedId: number): Promise<void> {
    await manager.delete(BlockEntity, { blockerId, blockedId });
  }

  /** Whether either of the two blocked the other. */
  async eitherBlocked(manager: EntityManager, a: number, b: number): Promise<boolean> {
    return manager.exists(BlockEntity, {
      where: [
        { blockerId: a, blockedId: b },
        { blockerId: b, blockedId: a },
      ],
    });
  }
}

/**
 * SQL condition: no block stands between viewer `$n` and the user whose id is the SQL expression
 * `userIdSql`, either way (both lookups are primary-key or index probes).
 */
export function notBlockedSql(userIdSql: string, viewerParam: string): string {
  return `NOT EXISTS (SELECT 1 FROM ${BLOCKS} bl
    WHERE (bl.blocker_id = ${viewerParam}::int AND bl.blocked_id = ${userIdSql})
       OR (bl.blocker_id = ${userIdSql} AND bl.blocked_id = ${viewerParam}::int))`;
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BlockedUserDto, Caller, MessageResponse } from '@dinebuds/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { SOCIAL_DATA_SOURCE } from '../config.js';
import { lockPair } from '../common/graph-locks.js';
import type { Page } from '@dinebuds/service-client';
import { SocialEvents } from '../common/social-events.js';
import { rowsOf } from '../common/sql.js';
import { FollowEdges } from '../follows/follow-edges.js';
import { assertNotSelf, SOCIAL_MESSAGES, userNotFound } from '../follows/follow.policy.js';
import { toFollowUserDto, userSummaryColumns, type UserSummaryRow } from '../users/user.mapper.js';

interface BlockRow extends UserSummaryRow {
  blockId: number;
  blockerId: number;
  blockedId: number;
  createdAt: Date;
}

function toBlockedUserDto(row: BlockRow): BlockedUserDto {
  return {
    id: row.blockId,
    blockerId: row.blockerId,
    blockedId: row.blockedId,
    createdAt: row.createdAt.toISOString(),
    user: toFollowUserDto(row),
  };
}

const BLOCK_SELECT = `SELECT b."id" AS "blockId", b."blocker_id" AS "blockerId", b."blocked_id" AS "blockedId",
         b."created_at" AS "createdAt", ${userSummaryColumns('u')}
  FROM "social"."blocks" b
  JOIN "social"."users" u ON u."id" = b."blocked_id"`;

/**
 * Blocks of the caller. A block ends follows and pending requests both ways; while it stands,
 * neither side can follow or ask to follow the other (see decideFollow).
 */
@Injectable()
export class BlocksService {
  constructor(
    @InjectDataSource(SOCIAL_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly edges: FollowEdges,
    private readonly events: SocialEvents,
  ) {}

  /** Idempotent: blocking again answers the existing block and writes nothing. */
  async block(caller: Caller, blockedId: number): Promise<BlockedUserDto> {
    const blockerId = caller.userId;
    assertNotSelf(blockerId, blockedId, SOCIAL_MESSAGES.blockYourself);
    return this.dataSource.transaction(async (manager) => {
      await lockPair(manager, blockerId, blockedId);
      const users = await this.edges.lockUsers(manager, [blockerId, blockedId]);
      if (!users.has(blockedId) || !users.has(blockerId)) throw userNotFound();
      const existing = await this.find(manager, blockerId, blockedId);
      if (existing) return toBlockedUserDto(existing);
      await this.edges.severPair(manager, blockerId, blockedId);
      await manager.query(`INSERT INTO "social"."blocks" ("blocker_id", "blocked_id") VALUES ($1, $2)`, [
        blockerId,
        blockedId,
      ]);
      await this.events.record(manager, 'social.block.created', { blockerId, blockedId });
      return toBlockedUserDto((await this.find(manager, blockerId, blockedId))!);
    });
  }

  /** Idempotent: unblocking a user who is not blocked answers the same. */
  async unblock(caller: Caller, blockedId: number): Promise<MessageResponse> {
    const blockerId = caller.userId;
    assertNotSelf(blockerId, blockedId, SOCIAL_MESSAGES.unblockYourself);
    return this.dataSource.transaction(async (manager) => {
      await lockPair(manager, blockerId, blockedId);
      const users = await this.edges.lockUsers(manager, [blockerId, blockedId]);
      if (!users.has(blockedId)) throw userNotFound();
      const removed = rowsOf(
        await manager.query(
          `DELETE FROM "social"."blocks" WHERE "blocker_id" = $1 AND "blocked_id" = $2 RETURNING "id"`,
          [blockerId, blockedId],
        ),
      );
      if (removed.length > 0)
        await this.events.record(manager, 'social.block.removed', { blockerId, blockedId });
      return { message: 'User unblocked' };
    });
  }

  /** The caller's blocks, newest first, with the blocked user's summary. */
  async list(caller: Caller, page: Page): Promise<BlockedUserDto[]> {
    const rows = rowsOf<BlockRow>(
      await this.dataSource.query(
        `${BLOCK_SELECT} WHERE b."blocker_id" = $1 ORDER BY b."created_at" DESC, b."id" DESC LIMIT $2 OFFSET $3`,
        [caller.userId, page.limit, page.offset],
      ),
    );
    return rows.map(toBlockedUserDto);
  }

  private async find(
    manager: EntityManager,
    blockerId: number,
    blockedId: number,
  ): Promise<BlockRow | undefined> {
    const rows = rowsOf<BlockRow>(
      await manager.query(`${BLOCK_SELECT} WHERE b."blocker_id" = $1 AND b."blocked_id" = $2`, [
        blockerId,
        blockedId,
      ]),
    );
    return rows[0];
  }
}

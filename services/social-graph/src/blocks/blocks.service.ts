import { Injectable } from '@nestjs/common';
import type { BlockedUserDto, Caller, MessageResponse } from '@dinebuds/contracts';
import type { Page } from '@dinebuds/service-client';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import { FollowChanges } from '../follows/follow-changes.service.js';
import { assertNotSelf, SOCIAL_MESSAGES, userNotFound } from '../follows/follow.policy.js';
import { PairLocks } from '../follows/pair-locks.repository.js';
import { SocialUsersRepository } from '../projections/identity/social-users.repository.js';
import { toFollowUserDto } from '../projections/identity/user.mapper.js';
import type { SocialEventType } from '../social-graph.service-definition.js';
import { BlocksRepository, type BlockRow } from './blocks.repository.js';

function toBlockedUserDto(row: BlockRow): BlockedUserDto {
  return {
    id: row.blockId,
    blockerId: row.blockerId,
    blockedId: row.blockedId,
    createdAt: row.createdAt.toISOString(),
    user: toFollowUserDto(row),
  };
}

/**
 * Blocks of the caller. A block ends follows and pending requests both ways; while it stands,
 * neither side can follow or ask to follow the other (see decideFollow).
 */
@Injectable()
export class BlocksService {
  constructor(
    private readonly transactions: Transactions,
    private readonly pairLocks: PairLocks,
    private readonly blocks: BlocksRepository,
    private readonly users: SocialUsersRepository,
    private readonly changes: FollowChanges,
    private readonly events: ServiceEvents<SocialEventType>,
  ) {}

  /** Idempotent: blocking again answers the existing block and writes nothing. */
  async block(caller: Caller, blockedId: number): Promise<BlockedUserDto> {
    const blockerId = caller.userId;
    assertNotSelf(blockerId, blockedId, SOCIAL_MESSAGES.blockYourself);
    return this.transactions.run(async (manager) => {
      await this.pairLocks.lock(manager, blockerId, blockedId);
      const users = await this.users.lockForShare(manager, [blockerId, blockedId]);
      if (!users.has(blockedId) || !users.has(blockerId)) throw userNotFound();
      const existing = await this.blocks.find(manager, blockerId, blockedId);
      if (existing) return toBlockedUserDto(existing);
      await this.changes.severPair(manager, blockerId, blockedId);
      await this.blocks.insert(manager, blockerId, blockedId);
      await this.events.record(manager, 'social.block.created', { blockerId, blockedId });
      return toBlockedUserDto((await this.blocks.find(manager, blockerId, blockedId))!);
    });
  }

  /** Idempotent: unblocking a user who is not blocked answers the same. */
  async unblock(caller: Caller, blockedId: number): Promise<MessageResponse> {
    const blockerId = caller.userId;
    assertNotSelf(blockerId, blockedId, SOCIAL_MESSAGES.unblockYourself);
    return this.transactions.run(async (manager) => {
      await this.pairLocks.lock(manager, blockerId, blockedId);
      const users = await this.users.lockForShare(manager, [blockerId, blockedId]);
      if (!users.has(blockedId)) throw userNotFound();
      if (await this.blocks.delete(manager, blockerId, blockedId))
        await this.events.record(manager, 'social.block.removed', { blockerId, blockedId });
      return { message: 'User unblocked' };
    });
  }

  /** The caller's blocks, newest first, with the blocked user's summary. */
  async list(caller: Caller, page: Page): Promise<BlockedUserDto[]> {
    const rows = await this.blocks.listBy(this.transactions.outside, caller.userId, page);
    return rows.map(toBlockedUserDto);
  }
}

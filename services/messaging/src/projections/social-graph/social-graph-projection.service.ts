import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PairLocks } from '../../common/pair-locks.repository.js';
import { IdentityUsersRepository } from '../identity/identity-users.repository.js';
import { SocialGraphRepository } from './social-graph.repository.js';

/**
 * social.follow.* and social.block.* applied to messaging's projection, in the consumer's inbox
 * transaction (`manager`). A block takes the pair's lock, so a send of the same pair either
 * commits before it or sees it.
 */
@Injectable()
export class SocialGraphProjectionService {
  constructor(
    private readonly graph: SocialGraphRepository,
    private readonly users: IdentityUsersRepository,
    private readonly pairLocks: PairLocks,
  ) {}

  /** social.follow.created: the edge, unless a user is gone or a newer change of it was applied. */
  async addFollow(
    manager: EntityManager,
    followerId: number,
    followingId: number,
    version: number | null,
  ): Promise<void> {
    await this.graph.applyFollowCreated(manager, { followerId, followingId }, version);
  }

  /** social.follow.removed: the edge goes, unless a newer change of it (a re-follow) was applied. */
  async removeFollow(
    manager: EntityManager,
    followerId: number,
    followingId: number,
    version: number | null,
  ): Promise<void> {
    await this.graph.applyFollowRemoved(manager, { followerId, followingId }, version);
  }

  /** social.block.created: from now on neither may message the other. */
  async addBlock(manager: EntityManager, blockerId: number, blockedId: number): Promise<void> {
    if ((await this.users.isDeleted(manager, blockerId)) || (await this.users.isDeleted(manager, blockedId)))
      return;
    await this.pairLocks.lock(manager, blockerId, blockedId);
    await this.graph.addBlock(manager, blockerId, blockedId);
  }

  /** social.block.removed. */
  async removeBlock(manager: EntityManager, blockerId: number, blockedId: number): Promise<void> {
    await this.pairLocks.lock(manager, blockerId, blockedId);
    await this.graph.removeBlock(manager, blockerId, blockedId);
  }
}

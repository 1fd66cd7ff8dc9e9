import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IdentityUsersRepository } from '../identity/identity-users.repository.js';
import { isNewerFollowChange } from './follow-change.policy.js';
import { FollowsRepository } from './follows.repository.js';

/**
 * social.follow.* applied to reviews' projection of approved follows, in the consumer's inbox
 * transaction (`manager`).
 */
@Injectable()
export class FollowsService {
  constructor(
    private readonly follows: FollowsRepository,
    private readonly users: IdentityUsersRepository,
  ) {}

  /** social.follow.created: the edge, unless a user is gone or a newer change of it was applied. */
  async addFollow(
    manager: EntityManager,
    followerId: number,
    followingId: number,
    version: number | null,
  ): Promise<void> {
    if (
      (await this.users.isDeleted(manager, followerId)) ||
      (await this.users.isDeleted(manager, followingId))
    )
      return;
    if (!(await this.newerFollowChange(manager, followerId, followingId, version))) return;
    await this.follows.addFollow(manager, followerId, followingId);
  }

  /** social.follow.removed: the edge goes, unless a newer change of it (a re-follow) was applied. */
  async removeFollow(
    manager: EntityManager,
    followerId: number,
    followingId: number,
    version: number | null,
  ): Promise<void> {
    if (!(await this.newerFollowChange(manager, followerId, followingId, version))) return;
    await this.follows.removeFollow(manager, followerId, followingId);
  }

  /** Locks the edge's version; when the change is newer, records its version and answers true. */
  private async newerFollowChange(
    manager: EntityManager,
    followerId: number,
    followingId: number,
    version: number | null,
  ): Promise<boolean> {
    const applied = await this.follows.lockFollowVersion(manager, followerId, followingId);
    if (!isNewerFollowChange(version, applied)) return false;
    if (version !== null) await this.follows.setFollowVersion(manager, followerId, followingId, version);
    return true;
  }
}

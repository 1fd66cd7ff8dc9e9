import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IdentityUsersProjection } from '@dinebuds/projections';
import { REVIEWS_SCHEMA } from '../../config.js';
import { DeletedUserEntity } from './deleted-user.entity.js';
import { IdentityUserEntity } from './identity-user.entity.js';
import { UserBadgesEntity } from './user-badges.entity.js';

/** reviews' projection of identity's users: profiles, flavor badges and tombstones of deleted users. */
@Injectable()
export class IdentityUsersRepository extends IdentityUsersProjection<IdentityUserEntity> {
  constructor() {
    super(REVIEWS_SCHEMA, IdentityUserEntity, DeletedUserEntity);
  }

  /** The version of the user's flavor badges held (null: none yet). */
  async findBadges(
    manager: EntityManager,
    userId: number,
  ): Promise<Pick<UserBadgesEntity, 'version' | 'syncedAt'> | null> {
    return manager.findOne(UserBadgesEntity, {
      select: { version: true, syncedAt: true },
      where: { userId },
    });
  }

  async upsertBadges(
    manager: EntityManager,
    userId: number,
    badges: { flavorBadges: string[]; cityBadges: string[] },
    change: { version: number | null; occurredAt: Date },
  ): Promise<void> {
    await manager.upsert(
      UserBadgesEntity,
      { userId, ...badges, version: change.version, syncedAt: change.occurredAt },
      ['userId'],
    );
  }

  /** Removes the user and their badges, and leaves a tombstone against late events. */
  override async removeWithTombstone(manager: EntityManager, userId: number, at: Date): Promise<void> {
    await manager.delete(UserBadgesEntity, { userId });
    await super.removeWithTombstone(manager, userId, at);
  }
}

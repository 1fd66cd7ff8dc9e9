import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { insertIfAbsent } from '../../common/sql.js';
import { REVIEWS_SCHEMA } from '../../config.js';
import { DeletedUserEntity } from './deleted-user.entity.js';
import { IdentityUserEntity } from './identity-user.entity.js';
import { UserBadgesEntity } from './user-badges.entity.js';

/** reviews' projection of identity's users: profiles, flavor badges and tombstones of deleted users. */
@Injectable()
export class IdentityUsersRepository {
  /** Serialises the events of one user (the consumer's per-user lock, released at commit). */
  async lockUserEvents(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `${REVIEWS_SCHEMA}:user:${userId}`,
    ]);
  }

  async find(manager: EntityManager, id: number): Promise<IdentityUserEntity | null> {
    return manager.findOneBy(IdentityUserEntity, { id });
  }

  async isDeleted(manager: EntityManager, userId: number): Promise<boolean> {
    return manager.existsBy(DeletedUserEntity, { userId });
  }

  async upsert(manager: EntityManager, user: IdentityUserEntity): Promise<void> {
    await manager.upsert(IdentityUserEntity, user, ['id']);
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
  async removeWithTombstone(manager: EntityManager, userId: number, at: Date): Promise<void> {
    await manager.delete(UserBadgesEntity, { userId });
    await manager.delete(IdentityUserEntity, { id: userId });
    await insertIfAbsent(manager, DeletedUserEntity, { userId, deletedAt: at });
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SOCIAL_SCHEMA } from '../../config.js';
import { DeletedUserEntity } from './deleted-user.entity.js';
import { SocialUserEntity } from './social-user.entity.js';
import { UserBadgeEntity } from './user-badge.entity.js';
import type { ProjectedBadges } from './user-projection.policy.js';

/**
 * Persistence of social-graph's projection of identity users: social.users, its badge index
 * social.user_badges and the tombstones in social.deleted_users.
 */
@Injectable()
export class SocialUsersRepository {
  /** Serialises the events of one user (the consumer's per-user lock, released at commit). */
  async lockUserEvents(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `${SOCIAL_SCHEMA}:user:${userId}`,
    ]);
  }

  findById(manager: EntityManager, id: number): Promise<SocialUserEntity | null> {
    return manager.findOneBy(SocialUserEntity, { id });
  }

  exists(manager: EntityManager, id: number): Promise<boolean> {
    return manager.existsBy(SocialUserEntity, { id });
  }

  /** Locks the users' rows FOR SHARE, in id order (see PairLocks); answers those that exist. */
  async lockForShare(manager: EntityManager, ids: number[]): Promise<Map<number, SocialUserEntity>> {
    const users = await manager
      .createQueryBuilder(SocialUserEntity, 'u')
      .where('u.id IN (:...ids)', { ids: [...new Set(ids)] })
      .orderBy('u.id', 'ASC')
      .setLock('pessimistic_read')
      .getMany();
    return new Map(users.map((u) => [u.id, u]));
  }

  /** The row locked FOR UPDATE (null: not known yet). */
  lockForUpdate(manager: EntityManager, id: number): Promise<SocialUserEntity | null> {
    return manager.findOne(SocialUserEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  isDeleted(manager: EntityManager, userId: number): Promise<boolean> {
    return manager.existsBy(DeletedUserEntity, { userId });
  }

  async insert(manager: EntityManager, user: SocialUserEntity): Promise<void> {
    await manager.insert(SocialUserEntity, user);
  }

  async update(manager: EntityManager, id: number, changes: Partial<SocialUserEntity>): Promise<void> {
    await manager.update(SocialUserEntity, { id }, changes);
  }

  /** Deletes the row (its badge index goes with it, ON DELETE CASCADE) and leaves a tombstone. */
  async deleteWithTombstone(manager: EntityManager, userId: number, deletedAt: Date): Promise<void> {
    await manager.delete(SocialUserEntity, { id: userId });
    await manager
      .createQueryBuilder()
      .insert()
      .into(DeletedUserEntity)
      .values({ userId, deletedAt })
      .orIgnore()
      .execute();
  }

  /**
   * Rewrites a user's rows of social.user_badges (the badge -> holders index recommendations
   * read) to match the badges just stored in social.users, in the same transaction.
   */
  async writeBadgeIndex(manager: EntityManager, userId: number, badges: ProjectedBadges): Promise<void> {
    await manager.delete(UserBadgeEntity, { userId });
    const rows: UserBadgeEntity[] = [
      ...badges.flavorBadges.map((name) => ({ kind: 'flavor' as const, name, userId })),
      ...badges.cityBadges.map((name) => ({ kind: 'city' as const, name, userId })),
    ];
    if (rows.length > 0) await manager.insert(UserBadgeEntity, rows);
  }
}

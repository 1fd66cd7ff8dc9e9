import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { insertIfAbsent } from '../../common/sql.js';
import { MESSAGING_SCHEMA } from '../../config.js';
import { DeletedUserEntity } from './deleted-user.entity.js';
import { MessagingUserEntity } from './messaging-user.entity.js';

/** Messaging's projection of identity's users, and tombstones of deleted users. */
@Injectable()
export class IdentityUsersRepository {
  /** Serialises the events of one user (the consumer's per-user lock, released at commit). */
  async lockUserEvents(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `${MESSAGING_SCHEMA}:user:${userId}`,
    ]);
  }

  async find(manager: EntityManager, id: number): Promise<MessagingUserEntity | null> {
    return manager.findOneBy(MessagingUserEntity, { id });
  }

  /** Which of `ids` are known users. */
  async existing(manager: EntityManager, ids: number[]): Promise<Set<number>> {
    const rows = await manager.find(MessagingUserEntity, {
      select: { id: true },
      where: ids.map((id) => ({ id })),
    });
    return new Set(rows.map((row) => row.id));
  }

  async isDeleted(manager: EntityManager, userId: number): Promise<boolean> {
    return manager.existsBy(DeletedUserEntity, { userId });
  }

  async upsert(manager: EntityManager, user: MessagingUserEntity): Promise<void> {
    await manager.upsert(MessagingUserEntity, user, ['id']);
  }

  /** Removes the user and leaves a tombstone against late events. */
  async removeWithTombstone(manager: EntityManager, userId: number, at: Date): Promise<void> {
    await manager.delete(MessagingUserEntity, { id: userId });
    await insertIfAbsent(manager, DeletedUserEntity, { userId, deletedAt: at });
  }
}

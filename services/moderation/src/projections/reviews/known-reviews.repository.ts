import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { KnownReviewEntity } from './known-review.entity.js';

/** The reviews moderation knows exist, with their authors (fed by reviews' events). */
@Injectable()
export class KnownReviewsRepository {
  /** The stored row, deleted or not, locked until the consumer's transaction ends. */
  async lock(manager: EntityManager, id: number): Promise<KnownReviewEntity | null> {
    return manager.findOne(KnownReviewEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async upsert(manager: EntityManager, review: KnownReviewEntity): Promise<void> {
    await manager.upsert(KnownReviewEntity, review, ['id']);
  }

  /** A review that exists (not deleted). */
  async find(manager: EntityManager, id: number): Promise<KnownReviewEntity | null> {
    const row = await manager.findOneBy(KnownReviewEntity, { id });
    return row && row.deletedAt === null ? row : null;
  }

  /** A deleted person's reviews, whatever their state. */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.delete(KnownReviewEntity, { userId });
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { KnownReviewEntity } from './known-review.entity.js';

/** The reviews moderation knows exist, with their authors (fed by reviews' events). */
@Injectable()
export class KnownReviewsRepository {
  async upsert(manager: EntityManager, review: KnownReviewEntity): Promise<void> {
    await manager.upsert(KnownReviewEntity, review, ['id']);
  }

  async remove(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(KnownReviewEntity, { id });
  }

  async find(manager: EntityManager, id: number): Promise<KnownReviewEntity | null> {
    return manager.findOneBy(KnownReviewEntity, { id });
  }
}

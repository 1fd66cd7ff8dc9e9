import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { IdentityUsersRepository } from '../identity/identity-users.repository.js';
import { KnownReviewsRepository } from './known-reviews.repository.js';
import { appliesToReview } from './review-change.policy.js';

type ReviewChange = { reviewId: number; userId: number; restaurantId: number; rating?: number };

/**
 * reviews.review.* -> which reviews exist and who wrote them (a report of a review needs a known
 * review; its author is the content's owner), in order per review by reviews' version. A deleted
 * review keeps its row marked deleted; a review of a deleted person is never stored.
 */
@Injectable()
export class ReviewsConsumer {
  constructor(
    private readonly reviews: KnownReviewsRepository,
    private readonly users: IdentityUsersRepository,
  ) {}

  @OnDomainEvent('reviews.review.created', { consumer: 'moderation.reviews.created' })
  async onCreated(event: EnvelopeOf<'reviews.review.created'>, manager: EntityManager): Promise<void> {
    await this.apply(manager, event.data, event.aggregateVersion ?? null, null);
  }

  @OnDomainEvent('reviews.review.updated', { consumer: 'moderation.reviews.updated' })
  async onUpdated(event: EnvelopeOf<'reviews.review.updated'>, manager: EntityManager): Promise<void> {
    await this.apply(manager, event.data, event.aggregateVersion ?? null, null);
  }

  @OnDomainEvent('reviews.review.deleted', { consumer: 'moderation.reviews.deleted' })
  async onDeleted(event: EnvelopeOf<'reviews.review.deleted'>, manager: EntityManager): Promise<void> {
    await this.apply(manager, event.data, event.aggregateVersion ?? null, new Date(event.occurredAt));
  }

  private async apply(
    manager: EntityManager,
    change: ReviewChange,
    version: number | null,
    deletedAt: Date | null,
  ): Promise<void> {
    if (await this.users.isDeleted(manager, change.userId)) return;
    const stored = await this.reviews.lock(manager, change.reviewId);
    if (!appliesToReview(stored, { version, deletion: deletedAt !== null })) return;
    await this.reviews.upsert(manager, {
      id: change.reviewId,
      userId: change.userId,
      restaurantId: change.restaurantId,
      rating: change.rating ?? stored?.rating ?? 0,
      version,
      deletedAt,
    });
  }
}

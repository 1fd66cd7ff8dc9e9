import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { IdentityUsersRepository } from '../identity/identity-users.repository.js';
import { KnownReviewsRepository } from './known-reviews.repository.js';

/**
 * reviews.review.* -> which reviews exist and who wrote them (a report of a review needs a known
 * review; its author is the content's owner). A deleted review goes; a review of a deleted person
 * is never stored.
 */
@Injectable()
export class ReviewsConsumer {
  constructor(
    private readonly reviews: KnownReviewsRepository,
    private readonly users: IdentityUsersRepository,
  ) {}

  @OnDomainEvent('reviews.review.created', { consumer: 'moderation.reviews.created' })
  async onCreated(event: EnvelopeOf<'reviews.review.created'>, manager: EntityManager): Promise<void> {
    await this.apply(manager, event.data);
  }

  @OnDomainEvent('reviews.review.updated', { consumer: 'moderation.reviews.updated' })
  async onUpdated(event: EnvelopeOf<'reviews.review.updated'>, manager: EntityManager): Promise<void> {
    await this.apply(manager, event.data);
  }

  @OnDomainEvent('reviews.review.deleted', { consumer: 'moderation.reviews.deleted' })
  async onDeleted(event: EnvelopeOf<'reviews.review.deleted'>, manager: EntityManager): Promise<void> {
    await this.reviews.remove(manager, event.data.reviewId);
  }

  private async apply(
    manager: EntityManager,
    review: { reviewId: number; userId: number; restaurantId: number; rating: number },
  ): Promise<void> {
    if (await this.users.isDeleted(manager, review.userId)) return;
    await this.reviews.upsert(manager, {
      id: review.reviewId,
      userId: review.userId,
      restaurantId: review.restaurantId,
      rating: review.rating,
    });
  }
}

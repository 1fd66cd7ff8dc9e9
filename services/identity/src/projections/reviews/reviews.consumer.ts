import { Injectable } from '@nestjs/common';
import { cityKey } from '@dinebuds/contracts';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { ReviewTalliesService } from './review-tallies.service.js';

/**
 * reviews.review.* -> the author's reviewCount (and so the review-level title), per-city counts
 * and city badge tiers. Inside Inbox.handleOnce: a redelivered event is applied once; the review's
 * aggregateVersion orders changes that arrive out of order.
 */
@Injectable()
export class ReviewsConsumer {
  constructor(private readonly tallies: ReviewTalliesService) {}

  @OnDomainEvent('reviews.review.created', { consumer: 'identity.reviews.created' })
  async onCreated(event: EnvelopeOf<'reviews.review.created'>, manager: EntityManager): Promise<void> {
    await this.onChanged(event, manager);
  }

  @OnDomainEvent('reviews.review.updated', { consumer: 'identity.reviews.updated' })
  async onUpdated(event: EnvelopeOf<'reviews.review.updated'>, manager: EntityManager): Promise<void> {
    await this.onChanged(event, manager);
  }

  @OnDomainEvent('reviews.review.deleted', { consumer: 'identity.reviews.deleted' })
  async onDeleted(event: EnvelopeOf<'reviews.review.deleted'>, manager: EntityManager): Promise<void> {
    await this.tallies.apply(manager, event.data.reviewId, event.data.userId, {
      version: versionOf(event),
      exists: false,
      city: cityOf(event.data.city),
    });
  }

  private async onChanged(
    event: EnvelopeOf<'reviews.review.created'> | EnvelopeOf<'reviews.review.updated'>,
    manager: EntityManager,
  ): Promise<void> {
    await this.tallies.apply(manager, event.data.reviewId, event.data.userId, {
      version: versionOf(event),
      exists: true,
      city: cityOf(event.data.city),
    });
  }
}

/** The reviews service versions every review event; a missing one cannot be ordered: refuse it. */
function versionOf(event: { aggregateVersion?: number; id: string }): number {
  if (event.aggregateVersion === undefined)
    throw new Error(`Review event ${event.id} carries no aggregateVersion`);
  return event.aggregateVersion;
}

function cityOf(city: string | null): string | null {
  return city === null || city.trim() === '' ? null : cityKey(city).slice(0, 60);
}

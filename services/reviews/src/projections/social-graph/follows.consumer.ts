import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { SocialGraphEdgesRepository } from './social-graph-edges.repository.js';

/**
 * social.follow.* -> reviews' projection of who follows whom, read by the privacy rule. Each
 * handler runs inside the inbox transaction; consumer names are the inbox keys.
 */
@Injectable()
export class FollowsConsumer {
  constructor(private readonly edges: SocialGraphEdgesRepository) {}

  @OnDomainEvent('social.follow.created', { consumer: 'reviews.follows.created' })
  async onFollowCreated(event: EnvelopeOf<'social.follow.created'>, manager: EntityManager): Promise<void> {
    const { followerId, followingId } = event.data;
    await this.edges.applyFollowCreated(manager, { followerId, followingId }, event.aggregateVersion ?? null);
  }

  @OnDomainEvent('social.follow.removed', { consumer: 'reviews.follows.removed' })
  async onFollowRemoved(event: EnvelopeOf<'social.follow.removed'>, manager: EntityManager): Promise<void> {
    const { followerId, followingId } = event.data;
    await this.edges.applyFollowRemoved(manager, { followerId, followingId }, event.aggregateVersion ?? null);
  }
}

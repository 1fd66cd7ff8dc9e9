import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { SocialGraphProjectionService } from './social-graph-projection.service.js';

/**
 * social.follow.* and social.block.* -> messaging's projection of follows and blocks. Each handler
 * runs inside the inbox transaction; consumer names are the inbox keys.
 */
@Injectable()
export class SocialGraphConsumer {
  constructor(private readonly projection: SocialGraphProjectionService) {}

  @OnDomainEvent('social.follow.created', { consumer: 'messaging.follows.created' })
  async onFollowCreated(event: EnvelopeOf<'social.follow.created'>, manager: EntityManager): Promise<void> {
    const { followerId, followingId } = event.data;
    await this.projection.addFollow(manager, followerId, followingId, event.aggregateVersion ?? null);
  }

  @OnDomainEvent('social.follow.removed', { consumer: 'messaging.follows.removed' })
  async onFollowRemoved(event: EnvelopeOf<'social.follow.removed'>, manager: EntityManager): Promise<void> {
    const { followerId, followingId } = event.data;
    await this.projection.removeFollow(manager, followerId, followingId, event.aggregateVersion ?? null);
  }

  @OnDomainEvent('social.block.created', { consumer: 'messaging.blocks.created' })
  async onBlockCreated(event: EnvelopeOf<'social.block.created'>, manager: EntityManager): Promise<void> {
    await this.projection.addBlock(manager, event.data.blockerId, event.data.blockedId);
  }

  @OnDomainEvent('social.block.removed', { consumer: 'messaging.blocks.removed' })
  async onBlockRemoved(event: EnvelopeOf<'social.block.removed'>, manager: EntityManager): Promise<void> {
    await this.projection.removeBlock(manager, event.data.blockerId, event.data.blockedId);
  }
}

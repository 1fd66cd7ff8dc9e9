import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { SocialGraphEdgesRepository } from './social-graph-edges.repository.js';

/**
 * social.block.* -> reviews' projection of blocks, read by discovery (rankings, feed, search,
 * recommendations, taste match). Each handler runs inside the inbox transaction. A block also
 * ends the follows both ways, which arrive as social.follow.removed.
 */
@Injectable()
export class BlocksConsumer {
  constructor(private readonly blocks: SocialGraphEdgesRepository) {}

  @OnDomainEvent('social.block.created', { consumer: 'reviews.blocks.created' })
  async onBlockCreated(event: EnvelopeOf<'social.block.created'>, manager: EntityManager): Promise<void> {
    await this.blocks.addBlock(manager, event.data.blockerId, event.data.blockedId);
  }

  @OnDomainEvent('social.block.removed', { consumer: 'reviews.blocks.removed' })
  async onBlockRemoved(event: EnvelopeOf<'social.block.removed'>, manager: EntityManager): Promise<void> {
    await this.blocks.removeBlock(manager, event.data.blockerId, event.data.blockedId);
  }
}

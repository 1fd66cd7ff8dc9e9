import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { SocialGraphEdgesRepository } from './social-graph-edges.repository.js';

/**
 * social.mute.* -> reviews' projection of mutes, read by discovery (the buds of every feed,
 * check-in, hotspot, story, ranking and recommendation read leave out whom the viewer muted).
 * Each handler runs inside the inbox transaction.
 */
@Injectable()
export class MutesConsumer {
  constructor(private readonly edges: SocialGraphEdgesRepository) {}

  @OnDomainEvent('social.mute.created', { consumer: 'reviews.mutes.created' })
  async onMuteCreated(event: EnvelopeOf<'social.mute.created'>, manager: EntityManager): Promise<void> {
    await this.edges.addMute(manager, event.data.muterId, event.data.mutedId);
  }

  @OnDomainEvent('social.mute.removed', { consumer: 'reviews.mutes.removed' })
  async onMuteRemoved(event: EnvelopeOf<'social.mute.removed'>, manager: EntityManager): Promise<void> {
    await this.edges.removeMute(manager, event.data.muterId, event.data.mutedId);
  }
}

import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { PeopleService } from './people.service.js';
import type { UserChange } from './user-change.policy.js';

/**
 * identity.user.* and social.follow.* -> reviews' projection (who is private, who follows whom,
 * who holds which flavor badge),
 * so privacy is decided here without a synchronous call. Each handler runs inside the inbox
 * transaction: a redelivered event is applied once. Consumer names are the inbox keys.
 */
@Injectable()
export class PeopleConsumer {
  constructor(private readonly people: PeopleService) {}

  @OnDomainEvent('identity.user.registered', { consumer: 'reviews.users.registered' })
  async onRegistered(event: EnvelopeOf<'identity.user.registered'>, manager: EntityManager): Promise<void> {
    await this.people.applyProfile(manager, event.data, changeOf(event));
    await this.people.applyBadges(manager, event.data.userId, event.data.flavorBadges, changeOf(event));
  }

  @OnDomainEvent('identity.user.badges-changed', { consumer: 'reviews.users.badges-changed' })
  async onBadgesChanged(
    event: EnvelopeOf<'identity.user.badges-changed'>,
    manager: EntityManager,
  ): Promise<void> {
    await this.people.applyBadges(manager, event.data.userId, event.data.flavorBadges, changeOf(event));
  }

  @OnDomainEvent('identity.user.updated', { consumer: 'reviews.users.updated' })
  async onUpdated(event: EnvelopeOf<'identity.user.updated'>, manager: EntityManager): Promise<void> {
    await this.people.applyProfile(manager, event.data, changeOf(event));
  }

  @OnDomainEvent('identity.user.deleted', { consumer: 'reviews.users.deleted' })
  async onDeleted(event: EnvelopeOf<'identity.user.deleted'>, manager: EntityManager): Promise<void> {
    await this.people.removeUser(manager, event.data.userId);
  }

  @OnDomainEvent('social.follow.created', { consumer: 'reviews.follows.created' })
  async onFollowCreated(event: EnvelopeOf<'social.follow.created'>, manager: EntityManager): Promise<void> {
    await this.people.addFollow(
      manager,
      event.data.followerId,
      event.data.followingId,
      event.aggregateVersion ?? null,
    );
  }

  @OnDomainEvent('social.follow.removed', { consumer: 'reviews.follows.removed' })
  async onFollowRemoved(event: EnvelopeOf<'social.follow.removed'>, manager: EntityManager): Promise<void> {
    await this.people.removeFollow(
      manager,
      event.data.followerId,
      event.data.followingId,
      event.aggregateVersion ?? null,
    );
  }
}

function changeOf(event: { occurredAt: string; aggregateVersion?: number }): UserChange {
  return { occurredAt: new Date(event.occurredAt), version: event.aggregateVersion ?? null };
}

import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { IdentityUsersService } from './identity-users.service.js';
import type { UserChange } from '@dinebuds/projections';

/**
 * identity.user.* -> reviews' projection of users (who is private, who holds which flavor badge),
 * so privacy and mood tags are decided here without a synchronous call. Each handler runs inside
 * the inbox transaction: a redelivered event is applied once. Consumer names are the inbox keys.
 */
@Injectable()
export class IdentityUsersConsumer {
  constructor(private readonly users: IdentityUsersService) {}

  @OnDomainEvent('identity.user.registered', { consumer: 'reviews.users.registered' })
  async onRegistered(event: EnvelopeOf<'identity.user.registered'>, manager: EntityManager): Promise<void> {
    await this.users.applyProfile(manager, event.data, changeOf(event));
    await this.users.applyBadges(manager, event.data.userId, event.data, changeOf(event));
  }

  @OnDomainEvent('identity.user.badges-changed', { consumer: 'reviews.users.badges-changed' })
  async onBadgesChanged(
    event: EnvelopeOf<'identity.user.badges-changed'>,
    manager: EntityManager,
  ): Promise<void> {
    await this.users.applyBadges(manager, event.data.userId, event.data, changeOf(event));
  }

  @OnDomainEvent('identity.user.updated', { consumer: 'reviews.users.updated' })
  async onUpdated(event: EnvelopeOf<'identity.user.updated'>, manager: EntityManager): Promise<void> {
    await this.users.applyProfile(manager, event.data, changeOf(event));
  }

  @OnDomainEvent('identity.user.deleted', { consumer: 'reviews.users.deleted' })
  async onDeleted(event: EnvelopeOf<'identity.user.deleted'>, manager: EntityManager): Promise<void> {
    await this.users.removeUser(manager, event.data.userId);
  }
}

function changeOf(event: { occurredAt: string; aggregateVersion?: number }): UserChange {
  return { occurredAt: new Date(event.occurredAt), version: event.aggregateVersion ?? null };
}

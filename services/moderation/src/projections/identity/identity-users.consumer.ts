import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { UserChange } from '@dinebuds/projections';
import type { EntityManager } from 'typeorm';
import { IdentityUsersService } from './identity-users.service.js';

/**
 * identity.user.* -> moderation's projection of users. Each handler runs inside the inbox
 * transaction: a redelivered event is applied once. Consumer names are the inbox keys.
 */
@Injectable()
export class IdentityUsersConsumer {
  constructor(private readonly users: IdentityUsersService) {}

  @OnDomainEvent('identity.user.registered', { consumer: 'moderation.users.registered' })
  async onRegistered(event: EnvelopeOf<'identity.user.registered'>, manager: EntityManager): Promise<void> {
    await this.users.applyProfile(manager, event.data, versionOf(event));
  }

  @OnDomainEvent('identity.user.updated', { consumer: 'moderation.users.updated' })
  async onUpdated(event: EnvelopeOf<'identity.user.updated'>, manager: EntityManager): Promise<void> {
    await this.users.applyProfile(manager, event.data, versionOf(event));
  }

  @OnDomainEvent('identity.user.deleted', { consumer: 'moderation.users.deleted' })
  async onDeleted(event: EnvelopeOf<'identity.user.deleted'>, manager: EntityManager): Promise<void> {
    await this.users.removeUser(manager, event.data.userId);
  }
}

function versionOf(event: { occurredAt: string; aggregateVersion?: number }): UserChange {
  return { occurredAt: new Date(event.occurredAt), version: event.aggregateVersion ?? null };
}

import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { IdentityUsersService } from './identity-users.service.js';
import type { UserChange } from '@dinebuds/projections';

/**
 * identity.user.* -> messaging's projection of users (who exists, names and avatars of
 * conversations). Each handler runs inside the inbox transaction: a redelivered event is applied
 * once. Consumer names are the inbox keys and must survive renames.
 */
@Injectable()
export class IdentityUsersConsumer {
  constructor(private readonly users: IdentityUsersService) {}

  @OnDomainEvent('identity.user.registered', { consumer: 'messaging.users.registered' })
  async onRegistered(event: EnvelopeOf<'identity.user.registered'>, manager: EntityManager): Promise<void> {
    await this.users.applyProfile(manager, event.data, changeOf(event));
  }

  @OnDomainEvent('identity.user.updated', { consumer: 'messaging.users.updated' })
  async onUpdated(event: EnvelopeOf<'identity.user.updated'>, manager: EntityManager): Promise<void> {
    await this.users.applyProfile(manager, event.data, changeOf(event));
  }

  @OnDomainEvent('identity.user.deactivated', { consumer: 'messaging.users.deactivated' })
  async onDeactivated(event: EnvelopeOf<'identity.user.deactivated'>, manager: EntityManager): Promise<void> {
    await this.users.applyDeactivation(manager, event.data.userId, true, changeOf(event));
  }

  @OnDomainEvent('identity.user.reactivated', { consumer: 'messaging.users.reactivated' })
  async onReactivated(event: EnvelopeOf<'identity.user.reactivated'>, manager: EntityManager): Promise<void> {
    await this.users.applyDeactivation(manager, event.data.userId, false, changeOf(event));
  }

  @OnDomainEvent('identity.user.deleted', { consumer: 'messaging.users.deleted' })
  async onDeleted(event: EnvelopeOf<'identity.user.deleted'>, manager: EntityManager): Promise<void> {
    await this.users.removeUser(manager, event.data.userId);
  }
}

function changeOf(event: { occurredAt: string; aggregateVersion?: number }): UserChange {
  return { occurredAt: new Date(event.occurredAt), version: event.aggregateVersion ?? null };
}

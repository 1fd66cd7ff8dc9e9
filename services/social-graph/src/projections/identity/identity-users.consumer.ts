import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { badgesFrom, type ChangeStamp } from './user-projection.policy.js';
import { UsersProjectionService } from './users-projection.service.js';

/**
 * identity.user.* -> social.users. Each handler runs inside Inbox.handleOnce (EventsModule): the
 * projection change and the inbox row commit together, so a redelivered event is applied once.
 * Consumer names are explicit: they are the inbox keys and must survive renames.
 */
@Injectable()
export class IdentityUsersConsumer {
  constructor(private readonly projection: UsersProjectionService) {}

  @OnDomainEvent('identity.user.registered', { consumer: 'social-graph.users.registered' })
  async onRegistered(event: EnvelopeOf<'identity.user.registered'>, manager: EntityManager): Promise<void> {
    const joinedAt = Number.isNaN(Date.parse(event.data.createdAt))
      ? undefined
      : new Date(event.data.createdAt);
    await this.projection.applyProfile(manager, event.data, changeOf(event), {
      badges: badgesFrom(event.data),
      joinedAt,
    });
  }

  @OnDomainEvent('identity.user.updated', { consumer: 'social-graph.users.updated' })
  async onUpdated(event: EnvelopeOf<'identity.user.updated'>, manager: EntityManager): Promise<void> {
    await this.projection.applyProfile(manager, event.data, changeOf(event));
  }

  @OnDomainEvent('identity.user.badges-changed', { consumer: 'social-graph.users.badges-changed' })
  async onBadgesChanged(
    event: EnvelopeOf<'identity.user.badges-changed'>,
    manager: EntityManager,
  ): Promise<void> {
    await this.projection.applyBadges(manager, event.data.userId, badgesFrom(event.data), changeOf(event));
  }

  @OnDomainEvent('identity.user.deleted', { consumer: 'social-graph.users.deleted' })
  async onDeleted(event: EnvelopeOf<'identity.user.deleted'>, manager: EntityManager): Promise<void> {
    await this.projection.removeUser(manager, event.data.userId);
  }
}

/** When the change happened: identity's user version when the envelope carries one, and its time. */
function changeOf(event: { occurredAt: string; aggregateVersion?: number }): ChangeStamp {
  return { occurredAt: new Date(event.occurredAt), version: event.aggregateVersion ?? null };
}

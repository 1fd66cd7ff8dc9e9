import { Injectable } from '@nestjs/common';
import { eventDefinition, type EventMap, type VersionedEventType } from '@dinebuds/contracts';
import { Outbox } from '@dinebuds/events';
import { currentRequestId } from '@dinebuds/logging';
import type { EntityManager } from 'typeorm';
import { UsersRepository } from './users.repository.js';

/** identity.user.* (the catalogue marks them versioned by the user). */
export type UserEventType = Extract<VersionedEventType, `identity.user.${string}`>;

/**
 * Writes an identity.user.* event through the transactional outbox with the user's next
 * version: the version is incremented in the same transaction as the change, so consumers can
 * order one user's changes even when they arrive out of order or within one millisecond.
 */
@Injectable()
export class UserEventsService {
  constructor(
    private readonly outbox: Outbox,
    private readonly users: UsersRepository,
  ) {}

  async record<T extends UserEventType>(manager: EntityManager, type: T, data: EventMap[T]): Promise<void> {
    const userId = data[eventDefinition(type).aggregateIdField] as number;
    const aggregateVersion = await this.users.nextVersion(manager, userId);
    await this.outbox.add(manager, type, data, { requestId: currentRequestId(), aggregateVersion });
  }
}

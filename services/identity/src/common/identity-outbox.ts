import { Injectable } from '@nestjs/common';
import type { EventMap, EventType } from '@dinebuds/contracts';
import { Outbox } from '@dinebuds/events';
import { currentRequestId } from '@dinebuds/logging';
import type { EntityManager } from 'typeorm';

/**
 * Identity's events go through the shared transactional outbox: written with the caller's
 * EntityManager, so the event commits (or rolls back) with the change it describes.
 */
@Injectable()
export class IdentityEvents {
  constructor(private readonly outbox: Outbox) {}

  async record<T extends EventType>(manager: EntityManager, type: T, data: EventMap[T]): Promise<void> {
    await this.outbox.add(manager, type, data, { requestId: currentRequestId() });
  }
}

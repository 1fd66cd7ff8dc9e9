import { Injectable } from '@nestjs/common';
import type { EventMap, EventType } from '@dinebuds/contracts';
import { Outbox } from '@dinebuds/events';
import { currentRequestId } from '@dinebuds/logging';
import type { EntityManager } from 'typeorm';

/**
 * A service's events go through the shared transactional outbox: written with the caller's
 * EntityManager, so the event commits (or rolls back) with the change it describes, carrying the
 * request id of the call that caused it. `Published` narrows what the service may record.
 */
@Injectable()
export class ServiceEvents<Published extends EventType = EventType> {
  constructor(private readonly outbox: Outbox) {}

  /** `aggregateVersion`: the aggregate's version after this change, for catalogue types marked `versioned`. */
  async record<T extends Published>(
    manager: EntityManager,
    type: T,
    data: EventMap[T],
    aggregateVersion?: number,
  ): Promise<void> {
    await this.outbox.add(manager, type, data, {
      requestId: currentRequestId(),
      ...(aggregateVersion === undefined ? {} : { aggregateVersion }),
    });
  }
}

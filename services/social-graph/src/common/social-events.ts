import { Injectable } from '@nestjs/common';
import type { EventMap, EventType } from '@dinebuds/contracts';
import { Outbox } from '@dinebuds/events';
import { currentRequestId } from '@dinebuds/logging';
import type { EntityManager } from 'typeorm';

/** The events social-graph publishes (all social.*). */
export type SocialEventType = Extract<EventType, `social.${string}`>;

/**
 * Social-graph's events go through the shared transactional outbox: written with the caller's
 * EntityManager, so the event commits (or rolls back) with the change it describes.
 */
@Injectable()
export class SocialEvents {
  constructor(private readonly outbox: Outbox) {}

  async record<T extends SocialEventType>(manager: EntityManager, type: T, data: EventMap[T]): Promise<void> {
    await this.outbox.add(manager, type, data, { requestId: currentRequestId() });
  }
}

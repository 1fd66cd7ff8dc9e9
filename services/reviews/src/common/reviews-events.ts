import { Injectable } from '@nestjs/common';
import type { EventMap, EventType } from '@dinebuds/contracts';
import { Outbox, OutboxRelay, type OutboxStatementRow } from '@dinebuds/events';
import { currentRequestId } from '@dinebuds/logging';
import type { EntityManager } from 'typeorm';

/** The events the reviews service publishes (all reviews.*, every one versioned). */
export type ReviewsEventType = Extract<EventType, `reviews.${string}`>;

/**
 * Writes a reviews.* event through the transactional outbox with its aggregate's version (the
 * review's version, or the user's saved-list version), taken in the same transaction as the
 * change, so consumers can apply one aggregate's changes in order and a repeat once.
 */
@Injectable()
export class ReviewsEvents {
  constructor(
    private readonly outbox: Outbox,
    private readonly relay: OutboxRelay,
  ) {}

  async record<T extends ReviewsEventType>(
    manager: EntityManager,
    type: T,
    data: EventMap[T],
    aggregateVersion: number,
  ): Promise<void> {
    await this.outbox.add(manager, type, data, { requestId: currentRequestId(), aggregateVersion });
  }

  /** The outbox row of an event a repository statement writes with its change (Outbox.statementRow). */
  statementRow<T extends ReviewsEventType>(type: T): OutboxStatementRow {
    return this.outbox.statementRow(type, { requestId: currentRequestId() });
  }

  /** After such a statement committed: publish now (no transaction's commit hook saw it). */
  written(): void {
    this.relay.nudge();
  }
}

import { Injectable } from '@nestjs/common';
import type { EVENT_CATALOGUE, EventMap, EventType } from '@dinebuds/contracts';
import { Outbox, OutboxRelay, type OutboxStatementEvent, type StatementEventColumns } from '@dinebuds/events';
import { currentRequestId } from '@dinebuds/logging';
import type { EntityManager } from 'typeorm';

/**
 * A service's events go through the shared transactional outbox: written with the caller's
 * EntityManager, so the event commits (or rolls back) with the change it describes, carrying the
 * request id of the call that caused it. `Published` narrows what the service may record.
 */
/** The version argument a type takes: required for catalogue types marked `versioned`, absent otherwise. */
type VersionOf<T extends EventType> = (typeof EVENT_CATALOGUE)[T]['versioned'] extends true
  ? [aggregateVersion: number]
  : [];

@Injectable()
export class ServiceEvents<Published extends EventType = EventType> {
  constructor(
    private readonly outbox: Outbox,
    private readonly relay: OutboxRelay,
  ) {}

  /** `aggregateVersion`: the aggregate's version after this change, for catalogue types marked `versioned`. */
  async record<T extends Published>(
    manager: EntityManager,
    type: T,
    data: EventMap[T],
    ...[aggregateVersion]: VersionOf<T>
  ): Promise<void> {
    await this.outbox.add(manager, type, data, {
      requestId: currentRequestId(),
      ...(aggregateVersion === undefined ? {} : { aggregateVersion }),
    });
  }

  /**
   * The outbox part of one statement that writes a change and its event without a transaction,
   * the event's data taken from `columns` of the rows it writes (Outbox.statementEvent). After the
   * statement, call publishSoon.
   */
  statementEvent<T extends Published, Row>(
    type: T,
    columns: StatementEventColumns<T, Row>,
  ): OutboxStatementEvent {
    return this.outbox.statementEvent(type, columns, { requestId: currentRequestId() });
  }

  /** After a statementEvent's statement: no transaction's commit hook saw it, so the relay is woken now. */
  publishSoon(): void {
    this.relay.nudge();
  }
}

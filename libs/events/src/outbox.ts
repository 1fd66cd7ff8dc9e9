import type { EventEnvelope, EventMap, EventType } from '@dinebuds/contracts';
import type { EntityManager, QueryRunner } from 'typeorm';
import { createEnvelope, envelopeHead } from './envelope.js';
import { eventsInstrumentation } from './instrumentation.js';
import { eventTables } from './schema.js';

export interface OutboxOptions {
  /** The service's Postgres schema holding `outbox`. */
  schema: string;
  /** Name written as the envelope's producer, e.g. 'identity'. */
  producer: string;
}

export interface OutboxAddOptions {
  /** Request id of the call causing the event (for consumers' logs). */
  requestId?: string | null;
  /**
   * The aggregate's version after this change, for catalogue types marked `versioned`; the
   * producer increments it in the same transaction (see EVENT_CATALOGUE).
   */
  aggregateVersion?: number;
}

/**
 * Query runners that inserted outbox rows in their current transaction: the relay's commit hook
 * (see OutboxRelay) nudges the relay right after such a transaction commits.
 */
export const outboxWriters = new WeakSet<QueryRunner>();

/**
 * The outbox row of an event that one statement writes together with its change (see
 * Outbox.statementRow): everything but the envelope's `data` and `aggregateVersion`, which the
 * statement computes from the rows it writes.
 */
export interface OutboxStatementRow {
  /** The quoted outbox table. */
  table: string;
  /** The row's (and envelope's) id, the event type and the creation time: the row's columns. */
  id: string;
  type: EventType;
  createdAt: string;
  /** The envelope without data and aggregateVersion, as JSON (a `jsonb` parameter). */
  head: string;
}

/**
 * Writes domain events into the service's outbox table inside the caller's transaction, so the
 * state change and its event commit (or roll back) together. OutboxRelay publishes them.
 */
export class Outbox {
  readonly schema: string;
  readonly producer: string;
  private readonly table: string;

  constructor(options: OutboxOptions) {
    if (!options.producer) throw new Error('Outbox: producer is required');
    this.schema = options.schema;
    this.producer = options.producer;
    this.table = eventTables(options.schema).outbox;
  }

  /**
   * Inserts the event's envelope (fresh uuid v4 id, the catalogue's schema version, occurredAt
   * now, the given aggregate version) using `manager`,
   * which must belong to an open transaction (`dataSource.transaction(async (manager) => ...)`).
   * Returns the envelope.
   */
  async add<T extends EventType>(
    manager: EntityManager,
    type: T,
    data: EventMap[T],
    opts: OutboxAddOptions = {},
  ): Promise<EventEnvelope<T>> {
    const queryRunner = manager.queryRunner;
    if (!queryRunner || !queryRunner.isTransactionActive) {
      throw new Error(
        'Outbox.add must run inside a transaction: pass the EntityManager given by dataSource.transaction().',
      );
    }
    const envelope = createEnvelope(type, data, {
      producer: this.producer,
      requestId: opts.requestId ?? null,
      aggregateVersion: opts.aggregateVersion,
      traceparent: eventsInstrumentation().traceparent(),
    });
    await manager.query(
      `INSERT INTO ${this.table} ("id", "type", "payload", "created_at") VALUES ($1, $2, $3::jsonb, $4)`,
      [envelope.id, envelope.type, JSON.stringify(envelope), envelope.occurredAt],
    );
    outboxWriters.add(queryRunner);
    return envelope;
  }

  /**
   * For a statement that writes a change and its event at once, outside a transaction (one round
   * trip instead of BEGIN, the change, the outbox insert and COMMIT). The statement inserts
   *   INSERT INTO <table> (id, type, payload, created_at)
   *   SELECT <id>, <type>, <head>::jsonb || jsonb_build_object('aggregateVersion', .., 'data', ..), <createdAt>
   * from the rows it writes; it must build exactly the data the event type's contract says.
   * No commit hook sees such a statement: nudge the relay after it (OutboxRelay.nudge).
   */
  statementRow<T extends EventType>(
    type: T,
    opts: Pick<OutboxAddOptions, 'requestId'> = {},
  ): OutboxStatementRow {
    const head = envelopeHead(type, {
      producer: this.producer,
      requestId: opts.requestId ?? null,
      traceparent: eventsInstrumentation().traceparent(),
    });
    return { table: this.table, id: head.id, type, createdAt: head.occurredAt, head: JSON.stringify(head) };
  }

  /**
   * The outbox part of a statement that writes a change and its event at once, outside a
   * transaction (one round trip instead of BEGIN, the change, the outbox insert and COMMIT): the
   * envelope's fixed parts are made now, its data and aggregate version come from `columns` of
   * the rows the statement writes, so no repository spells the outbox's columns or the event's
   * data. No commit hook sees such a statement: nudge the relay after it (OutboxRelay.nudge).
   */
  statementEvent<T extends EventType, Row>(
    type: T,
    columns: StatementEventColumns<T, Row>,
    opts: Pick<OutboxAddOptions, 'requestId'> = {},
  ): OutboxStatementEvent {
    const row = this.statementRow(type, opts);
    return {
      insertFrom(rows, firstParam) {
        const from = sqlName(rows);
        const data = Object.entries(columns.data as Record<string, string>)
          .map(([field, column]) => `'${sqlName(field)}', ${from}."${sqlName(column)}"`)
          .join(', ');
        const version =
          columns.aggregateVersion === undefined
            ? ''
            : `'aggregateVersion', ${from}."${sqlName(columns.aggregateVersion)}", `;
        const [id, eventType, head, createdAt] = [0, 1, 2, 3].map((i) => `$${firstParam + i}`);
        return {
          sql: `INSERT INTO ${row.table} ("id", "type", "payload", "created_at")
           SELECT ${id}, ${eventType}, ${head}::jsonb || jsonb_build_object(${version}'data', jsonb_build_object(${data})), ${createdAt}
           FROM ${from}`,
          params: [row.id, row.type, row.head, row.createdAt],
        };
      },
    };
  }
}

/** The columns of `Row` whose values are of type V. */
export type ColumnOf<Row, V> = {
  [C in keyof Row & string]: Row[C] extends V ? C : never;
}[keyof Row & string];

/**
 * Which column of a row gives each field of an event's data: the one declaration from which the
 * data is read in JavaScript (eventDataOf) and built in SQL by a statement (Outbox.statementEvent),
 * each field checked against the event's contract type.
 */
export type EventDataColumns<T extends EventType, Row> = {
  readonly [K in keyof EventMap[T] & string]-?: ColumnOf<Row, EventMap[T][K]>;
};

/** An event's data read from a row by its EventDataColumns. */
export function eventDataOf<T extends EventType, Row>(
  columns: EventDataColumns<T, Row>,
  row: Row,
): EventMap[T] {
  const data: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) data[field] = row[column as keyof Row];
  return data as EventMap[T];
}

/** An event's data and aggregate version as columns of the rows a statement writes. */
export interface StatementEventColumns<T extends EventType, Row> {
  data: EventDataColumns<T, Row>;
  /** For catalogue types marked `versioned`. */
  aggregateVersion?: ColumnOf<Row, number>;
}

/** The outbox part of a statement that writes a change and its event at once (Outbox.statementEvent). */
export interface OutboxStatementEvent {
  /**
   * `INSERT INTO <outbox> ... SELECT ... FROM <rows>`, one event per row of `rows` (a CTE of the
   * caller's statement), to be written as one of that statement's CTEs; its parameters are
   * `params`, numbered from `$firstParam`. The text depends only on the arguments, so the
   * statement can be prepared.
   */
  insertFrom(rows: string, firstParam: number): { sql: string; params: unknown[] };
}

const SQL_NAME = /^[a-z_][a-z0-9_]*$/i;

function sqlName(name: string): string {
  if (!SQL_NAME.test(name)) throw new Error(`Outbox.statementEvent: not a plain SQL name: ${name}`);
  return name;
}

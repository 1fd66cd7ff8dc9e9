import type { MigrationInterface, QueryRunner } from 'typeorm';

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

/** Validates and double-quotes a Postgres schema name (service schemas are plain lowercase words). */
export function quoteSchema(schema: string): string {
  if (!IDENT.test(schema)) {
    throw new Error(`Invalid schema name '${schema}': use lowercase letters, digits and underscores.`);
  }
  return `"${schema}"`;
}

/** Qualified, quoted table names of the outbox and inbox in a schema. */
export function eventTables(schema: string): { outbox: string; inbox: string } {
  const s = quoteSchema(schema);
  return { outbox: `${s}."outbox"`, inbox: `${s}."inbox"` };
}

/**
 * DDL of the outbox and inbox tables in a service's schema (the schema is created if missing).
 *
 * outbox: id uuid pk, seq (publication order), type, payload jsonb (the whole envelope),
 *         created_at, published_at (null until the broker confirmed), attempts, locked_until (a
 *         relay's lease while it publishes the row), last_error.
 * inbox:  (event_id, consumer) pk, processed_at.
 */
export function eventsMigrationSql(schema: string): { up: string[]; down: string[] } {
  const s = quoteSchema(schema);
  const { outbox, inbox } = eventTables(schema);
  return {
    up: [
      `CREATE SCHEMA IF NOT EXISTS ${s}`,
      `CREATE TABLE ${outbox} (
        "id" uuid PRIMARY KEY,
        "seq" bigint GENERATED ALWAYS AS IDENTITY,
        "type" text NOT NULL,
        "payload" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "published_at" timestamptz NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "locked_until" timestamptz NULL,
        "last_error" text NULL
      )`,
      `CREATE INDEX "outbox_unpublished_idx" ON ${outbox} ("seq") WHERE "published_at" IS NULL`,
      `CREATE INDEX "outbox_published_at_idx" ON ${outbox} ("published_at") WHERE "published_at" IS NOT NULL`,
      `CREATE TABLE ${inbox} (
        "event_id" uuid NOT NULL,
        "consumer" text NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("event_id", "consumer")
      )`,
    ],
    down: [`DROP TABLE IF EXISTS ${inbox}`, `DROP TABLE IF EXISTS ${outbox}`],
  };
}

/**
 * A TypeORM migration class creating the outbox and inbox in `schema`. Add it to the service's
 * `migrations` list. `timestamp` (13-digit ms, as TypeORM expects in migration names) orders it
 * among the service's own migrations; it must run after the migration creating the schema, if any
 * (it creates the schema itself when missing).
 */
export function createEventsMigration(schema: string, timestamp: number): new () => MigrationInterface {
  if (!Number.isInteger(timestamp) || String(timestamp).length !== 13) {
    throw new Error('createEventsMigration: timestamp must be a 13-digit millisecond timestamp');
  }
  const sql = eventsMigrationSql(schema);
  const name = `EventsOutboxInbox${timestamp}`;
  const migration = class implements MigrationInterface {
    name = name;
    async up(queryRunner: QueryRunner): Promise<void> {
      for (const statement of sql.up) await queryRunner.query(statement);
    }
    async down(queryRunner: QueryRunner): Promise<void> {
      for (const statement of sql.down) await queryRunner.query(statement);
    }
  };
  // TypeORM reads the timestamp from the class name when `name` is absent; keep both consistent.
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}

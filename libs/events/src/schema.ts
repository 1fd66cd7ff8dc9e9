import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';

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
 * Includes the V2 additions (eventsMigrationV2Sql), so a fresh database needs only this one.
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
      ...eventsMigrationV2Sql(schema).up,
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
  return migrationClass(`EventsOutboxInbox${timestamp}`, timestamp, eventsMigrationSql(schema));
}

/**
 * The outbox rows the relay may still claim (unpublished, not parked) and the parked ones: the
 * predicates of their partial indexes, and of the queries that must match them for the planner
 * to use those indexes (the relay's claim and health's counts).
 */
export const CLAIMABLE_OUTBOX_ROWS = `"published_at" IS NULL AND "parked_at" IS NULL`;
export const PARKED_OUTBOX_ROWS = `"published_at" IS NULL AND "parked_at" IS NOT NULL`;

/**
 * V2 of the events tables, idempotent (IF NOT EXISTS), for databases that ran the first version:
 * outbox.next_attempt_at (per-row retry back-off), outbox.parked_at (gave up after the attempt
 * cap), an index on inbox.processed_at for the retention purge, and the index of unpublished rows
 * split in two: the rows the relay may still claim (unpublished, not parked) and the parked ones.
 * A published row leaves a dead entry in such an index until VACUUM; with one index for both, the
 * claim's first `seq` stayed at a parked row's and health's counts read every dead entry's heap
 * page. The split joined V2 later: ensureEventsSchema applies what a database lacks.
 */
export function eventsMigrationV2Sql(schema: string): { up: string[]; down: string[] } {
  const s = quoteSchema(schema);
  const { outbox, inbox } = eventTables(schema);
  return {
    up: [
      `ALTER TABLE ${outbox} ADD COLUMN IF NOT EXISTS "next_attempt_at" timestamptz NULL`,
      `ALTER TABLE ${outbox} ADD COLUMN IF NOT EXISTS "parked_at" timestamptz NULL`,
      `CREATE INDEX IF NOT EXISTS "inbox_processed_at_idx" ON ${inbox} ("processed_at")`,
      `CREATE INDEX IF NOT EXISTS "outbox_claimable_idx" ON ${outbox} ("seq") WHERE ${CLAIMABLE_OUTBOX_ROWS}`,
      `CREATE INDEX IF NOT EXISTS "outbox_parked_idx" ON ${outbox} ("seq") WHERE ${PARKED_OUTBOX_ROWS}`,
      // The two above split it: left in place, the planner could still pick it for either.
      `DROP INDEX IF EXISTS ${s}."outbox_unpublished_idx"`,
    ],
    down: [
      `CREATE INDEX IF NOT EXISTS "outbox_unpublished_idx" ON ${outbox} ("seq") WHERE "published_at" IS NULL`,
      `DROP INDEX IF EXISTS ${s}."outbox_parked_idx"`,
      `DROP INDEX IF EXISTS ${s}."outbox_claimable_idx"`,
      `DROP INDEX IF EXISTS ${s}."inbox_processed_at_idx"`,
      `ALTER TABLE ${outbox} DROP COLUMN IF EXISTS "parked_at"`,
      `ALTER TABLE ${outbox} DROP COLUMN IF EXISTS "next_attempt_at"`,
    ],
  };
}

/** The V2 additions as a TypeORM migration class, to list after createEventsMigration's. */
export function createEventsMigrationV2(schema: string, timestamp: number): new () => MigrationInterface {
  return migrationClass(`EventsOutboxInboxV2${timestamp}`, timestamp, eventsMigrationV2Sql(schema));
}

const ensured = new WeakMap<DataSource, Map<string, Promise<void>>>();

/**
 * Applies the V2 additions when they are missing (a service whose migrations list lacks
 * createEventsMigrationV2, or a database that ran V2 before the claimable index joined it): the
 * relay and the inbox purge call it before their first query.
 * Checked once per data source and schema; concurrent replicas serialise on an advisory lock.
 */
export function ensureEventsSchema(dataSource: DataSource, schema: string): Promise<void> {
  let bySchema = ensured.get(dataSource);
  if (!bySchema) ensured.set(dataSource, (bySchema = new Map()));
  let done = bySchema.get(schema);
  if (!done) {
    done = applyV2IfMissing(dataSource, schema);
    bySchema.set(schema, done);
    done.catch(() => bySchema.delete(schema)); // try again next time
  }
  return done;
}

/** What V2 adds and drops, as the presence check looks for it. */
const V2_COLUMNS = ['next_attempt_at', 'parked_at'];
const V2_INDEXES = ['inbox_processed_at_idx', 'outbox_claimable_idx', 'outbox_parked_idx'];
const V2_DROPPED_INDEX = 'outbox_unpublished_idx';

async function applyV2IfMissing(dataSource: DataSource, schema: string): Promise<void> {
  const present = async (): Promise<boolean> => {
    const rows: Array<{ present: boolean }> = await dataSource.query(
      `SELECT (SELECT count(*) FROM information_schema.columns
               WHERE table_schema = $1 AND table_name = 'outbox' AND column_name = ANY($2::text[])) = cardinality($2::text[])
          AND (SELECT count(*) FROM pg_indexes WHERE schemaname = $1 AND indexname = ANY($3::text[])) = cardinality($3::text[])
          AND NOT EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = $1 AND indexname = $4) AS present`,
      [schema, V2_COLUMNS, V2_INDEXES, V2_DROPPED_INDEX],
    );
    return rows[0]?.present === true;
  };
  if (await present()) return;
  await dataSource.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`dinebuds.events.v2.${schema}`]);
    for (const statement of eventsMigrationV2Sql(schema).up) await manager.query(statement);
  });
}

function migrationClass(
  name: string,
  timestamp: number,
  sql: { up: string[]; down: string[] },
): new () => MigrationInterface {
  if (!Number.isInteger(timestamp) || String(timestamp).length !== 13) {
    throw new Error('events migration: timestamp must be a 13-digit millisecond timestamp');
  }
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

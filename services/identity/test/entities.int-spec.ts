import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openServiceDatabase } from '@dinebuds/database';
import { createTestDatabase, type TestDatabase } from '@dinebuds/testing';
import type { DataSource } from 'typeorm';
import { IDENTITY_ENTITIES, IDENTITY_SCHEMA, identityMigrations } from '../src/index.js';

describe('identity: the entities are the migrated tables', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('identity_entities');
    dataSource = await openServiceDatabase({
      url: db.url,
      schema: IDENTITY_SCHEMA,
      entities: IDENTITY_ENTITIES,
      migrations: identityMigrations,
      poolSize: 2,
    });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('every table of the schema has an entity', async () => {
    const rows: Array<{ table_name: string }> = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
      [IDENTITY_SCHEMA],
    );
    const events = ['inbox', 'outbox', `${IDENTITY_SCHEMA}_migrations`];
    const tables = rows.map((r) => r.table_name).filter((name) => !events.some((e) => name.startsWith(e)));
    const entities = dataSource.entityMetadatas.map((m) => m.tableName).sort();
    expect(entities).toEqual(tables);
  });

  it('synchronising would change no table, column or primary key', async () => {
    const { upQueries } = await dataSource.driver.createSchemaBuilder().log();
    // Indexes, unique and check constraints and foreign keys are the migrations' alone (TypeORM
    // cannot say `DESC`, `lower(...)` or a trigram index): a schema diff would only drop them.
    const migrationsOnly = /^DROP INDEX |DROP CONSTRAINT "[a-z_]+_(fkey|check|key)"$/;
    expect(upQueries.map((q) => q.query).filter((query) => !migrationsOnly.test(query))).toEqual([]);
  });
});

// Every service of services.catalogue.json keeps one TypeORM entity per table (docs/conventions.md,
// "Persistence"), and its entities say what its migrations made: a service added to the catalogue
// is checked here without a test of its own.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { openServiceDatabase } from '@dinebuds/database';
import { createTestDatabase, type TestDatabase } from '@dinebuds/testing';
import type { ServiceDefinition } from '@dinebuds/service-kit';
import type { DataSource } from 'typeorm';

interface CatalogueEntry {
  name: string;
  package: string;
  schema: string;
}
const { services } = JSON.parse(
  readFileSync(new URL('../services.catalogue.json', import.meta.url), 'utf8'),
) as { services: CatalogueEntry[] };

/** What a service package exports (see libs/service-kit). */
interface ServicePackage {
  serviceDefinition: { definition: Pick<ServiceDefinition, 'schema' | 'entities' | 'migrations'> };
}

/** The events library's tables and the migrations table, which no service entity describes. */
const notTheServices = (schema: string) => (table: string) =>
  !['inbox', 'outbox', `${schema}_migrations`].some((prefix) => table.startsWith(prefix));

// Indexes, unique and check constraints and foreign keys may be the migrations' alone (TypeORM
// cannot say `DESC`, `lower(...)` or a trigram index): a schema diff would only drop them.
const migrationsOnly = /^DROP INDEX |DROP CONSTRAINT "[a-z_]+_(fkey|check|key)"$/;

describe.each(services)('$name: its entities are its migrated tables', ({ name, package: pkg, schema }) => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    const { definition } = ((await import(pkg)) as ServicePackage).serviceDefinition;
    expect(definition.schema).toBe(schema);
    db = await createTestDatabase(`${name.replace(/-/g, '_')}_entities`);
    dataSource = await openServiceDatabase({
      url: db.url,
      schema,
      entities: definition.entities,
      migrations: definition.migrations,
      poolSize: 2,
    });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('every table of its schema has an entity, and every entity a table', async () => {
    const rows: Array<{ table_name: string }> = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
      [schema],
    );
    const tables = rows.map((r) => r.table_name).filter(notTheServices(schema));
    expect(dataSource.entityMetadatas.map((m) => m.tableName).sort()).toEqual(tables);
  });

  it('synchronising would change no table, column or primary key', async () => {
    const { upQueries } = await dataSource.driver.createSchemaBuilder().log();
    expect(upQueries.map((q) => q.query).filter((query) => !migrationsOnly.test(query))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openServiceDatabase } from '@dinebuds/database';
import { createTestDatabase, type TestDatabase } from '@dinebuds/testing';
import type { DataSource } from 'typeorm';
import { SOCIAL_GRAPH_ENTITIES, SOCIAL_SCHEMA, socialMigrations } from '../src/index.js';

describe('social-graph entities', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('social_entities');
    dataSource = await openServiceDatabase({
      url: db.url,
      schema: SOCIAL_SCHEMA,
      entities: SOCIAL_GRAPH_ENTITIES,
      migrations: socialMigrations,
    });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('match the migrated tables', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});

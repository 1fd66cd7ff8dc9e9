import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openServiceDatabase } from '@dinebuds/database';
import { createTestDatabase, type TestDatabase } from '@dinebuds/testing';
import type { DataSource } from 'typeorm';
import { REVIEWS_ENTITIES, REVIEWS_SCHEMA, reviewsMigrations } from '../src/index.js';

describe('reviews entities', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('reviews_entities');
    dataSource = await openServiceDatabase({
      url: db.url,
      schema: REVIEWS_SCHEMA,
      entities: REVIEWS_ENTITIES,
      migrations: reviewsMigrations,
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

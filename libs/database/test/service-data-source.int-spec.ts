import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@dinebuds/testing';
import { openServiceDatabase, pingDatabase, poolSizeFromEnv, statementTimeoutFromEnv } from '../src/index.js';

class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE "alpha"."widgets" (id serial PRIMARY KEY, name text NOT NULL)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "alpha"."widgets"');
  }
}

describe('service data source', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('database_lib');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('creates the schema, runs migrations once and keeps its own migrations table', async () => {
    const options = { url: db.url, schema: 'alpha', entities: [], migrations: [CreateWidgets1700000000000] };
    // Two replicas starting at once must not run the same migration twice.
    const [first, second] = await Promise.all([openServiceDatabase(options), openServiceDatabase(options)]);
    expect(await pingDatabase(first)).toBe(true);
    const applied = await first.query('SELECT name FROM "alpha"."alpha_migrations"');
    expect(applied).toEqual([{ name: 'CreateWidgets1700000000000' }]);
    await first.query(`INSERT INTO "alpha"."widgets" (name) VALUES ('kept')`);
    await first.destroy();
    await second.destroy();

    const reopened = await openServiceDatabase(options);
    expect(await reopened.query('SELECT name FROM "alpha"."widgets"')).toEqual([{ name: 'kept' }]);
    await reopened.destroy();
    expect(await pingDatabase(reopened)).toBe(false);
  });

  it('cancels a statement that runs past the statement timeout (PostgreSQL code 57014)', async () => {
    const source = await openServiceDatabase({
      url: db.url,
      schema: 'beta',
      entities: [],
      migrations: [],
      statementTimeoutMs: 200,
    });
    try {
      const startedAt = Date.now();
      const error = await source.query('SELECT pg_sleep(3)').catch((e: unknown) => e);
      expect(Date.now() - startedAt).toBeLessThan(2000);
      expect((error as { driverError?: { code?: string } }).driverError?.code).toBe('57014');
      // The connection is still usable afterwards.
      expect(await pingDatabase(source)).toBe(true);
    } finally {
      await source.destroy();
    }
  });

  it('reads DB_STATEMENT_TIMEOUT_MS, 4000 ms by default, and refuses nonsense', () => {
    expect(statementTimeoutFromEnv({})).toBe(4000);
    expect(statementTimeoutFromEnv({ DB_STATEMENT_TIMEOUT_MS: '0' })).toBe(0);
    expect(() => statementTimeoutFromEnv({ DB_STATEMENT_TIMEOUT_MS: '2s' })).toThrow(
      'DB_STATEMENT_TIMEOUT_MS',
    );
  });

  it('reads DB_POOL_SIZE, the operator bound on connections: unset by default, nonsense refused', () => {
    expect(poolSizeFromEnv({})).toBeUndefined();
    expect(poolSizeFromEnv({ DB_POOL_SIZE: '4' })).toBe(4);
    expect(() => poolSizeFromEnv({ DB_POOL_SIZE: '0' })).toThrow('DB_POOL_SIZE');
    expect(() => poolSizeFromEnv({ DB_POOL_SIZE: 'many' })).toThrow('DB_POOL_SIZE');
  });
});

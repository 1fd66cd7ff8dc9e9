import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@dinebuds/testing';
import {
  openServiceDatabase,
  pingDatabase,
  poolSizeFromEnv,
  preparedQuery,
  statementTimeoutFromEnv,
} from '../src/index.js';

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

  it('runs a named prepared statement, planned once per connection, in the caller transaction when there is one', async () => {
    const source = await openServiceDatabase({ url: db.url, schema: 'gamma', entities: [], migrations: [] });
    try {
      await source.query('CREATE TABLE "gamma"."notes" (id serial PRIMARY KEY, body text NOT NULL)');
      const insert = 'INSERT INTO "gamma"."notes" (body) VALUES ($1) RETURNING id, body';
      // Outside a transaction: straight on pg's pool, no TypeORM query runner made for it.
      const createQueryRunner = source.createQueryRunner.bind(source);
      let runnersMade = 0;
      source.createQueryRunner = (...args) => {
        runnersMade++;
        return createQueryRunner(...args);
      };
      expect(await preparedQuery(source.manager, 'notes_insert', insert, ['one'])).toEqual([
        { id: 1, body: 'one' },
      ]);
      expect(runnersMade).toBe(0);
      source.createQueryRunner = createQueryRunner;
      // Inside: the transaction's own connection (it sees its uncommitted row), and the statement
      // is kept prepared on that connection under its name.
      await source
        .transaction(async (manager) => {
          await preparedQuery(manager, 'notes_insert', insert, ['two']);
          expect(
            await preparedQuery(manager, 'notes_count', 'SELECT count(*)::int AS n FROM "gamma"."notes"', []),
          ).toEqual([{ n: 2 }]);
          const prepared = (await manager.query(
            'SELECT name FROM pg_prepared_statements ORDER BY name',
          )) as Array<{
            name: string;
          }>;
          expect(prepared.map((p) => p.name)).toEqual(
            expect.arrayContaining(['notes_count', 'notes_insert']),
          );
          throw new Error('roll back');
        })
        .catch((error: Error) => expect(error.message).toBe('roll back'));
      expect(await source.query('SELECT body FROM "gamma"."notes" ORDER BY id')).toEqual([{ body: 'one' }]);
      // pg's own errors come through (a unique violation keeps its code).
      await expect(
        preparedQuery(source.manager, 'notes_dup', 'INSERT INTO "gamma"."notes" (id, body) VALUES (1, $1)', [
          'x',
        ]),
      ).rejects.toMatchObject({ code: '23505' });
    } finally {
      await source.destroy();
    }
  });
});

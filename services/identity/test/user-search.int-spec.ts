import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { getDataSourceToken } from '@nestjs/typeorm';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import {
  createTestDatabase,
  createTestSystem,
  query,
  registration,
  type TestSystem,
} from '@dinebuds/testing';
import { startTestIdentity, type TestIdentity } from './identity-test-kit.js';

const TRIGRAM_INDEXES = ['users_name_lower_trgm_idx', 'users_username_lower_trgm_idx'];

/** The trigram indexes on identity.users: access method, indexed expression, operator class. */
async function trigramIndexes(
  databaseUrl: string,
): Promise<{ indexname: string; method: string; expression: string; opclass: string }[]> {
  return query(
    databaseUrl,
    `SELECT c.relname AS indexname, am.amname AS method,
            pg_get_indexdef(i.indexrelid, 1, true) AS expression,
            n.nspname || '.' || oc.opcname AS opclass
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_am am ON am.oid = c.relam
       JOIN pg_opclass oc ON oc.oid = i.indclass[0]
       JOIN pg_namespace n ON n.oid = oc.opcnamespace
      WHERE i.indrelid = 'identity.users'::regclass AND c.relname LIKE '%trgm%'
      ORDER BY c.relname`,
  );
}

describe('identity: user search with trigram indexes', () => {
  let system: TestSystem;
  let identity: TestIdentity;

  beforeAll(async () => {
    system = await createTestSystem('identity_search');
    identity = await system.own(startTestIdentity(system.db.url, system.bus));
    for (const [username, name] of [
      ['ana_50pct', 'Ana Fifty%Off'],
      ['anax50pct', 'Ana Underscore'],
      ['back\\slash', 'Bea Back'],
      ['plainbob', 'Bob Plain'],
    ] as const) {
      // 'back\slash' breaks the username pattern: store it directly to prove backslashes are literal.
      if (username.includes('\\')) {
        await query(
          system.db.url,
          `INSERT INTO identity.users (username, name, password_hash) VALUES ($1, $2, 'x')`,
          [username, name],
        );
      } else {
        await identity.client.call('auth.register', registration({ username, name }));
      }
    }
  });

  afterAll(async () => {
    await system?.close();
  });

  const search = async (q: string) =>
    (await identity.client.call('users.search', { query: q })).map((u) => u.username).sort();

  it('matches anywhere in name or username, case-insensitively, with %, _ and \\ taken literally', async () => {
    await expect(search('NA_5')).resolves.toEqual(['ana_50pct']);
    await expect(search('a_')).resolves.toEqual(['ana_50pct']);
    await expect(search('50%')).resolves.toEqual([]);
    await expect(search('fifty%o')).resolves.toEqual(['ana_50pct']);
    await expect(search('%')).resolves.toEqual(['ana_50pct']);
    await expect(search('k\\s')).resolves.toEqual(['back\\slash']);
    await expect(search('\\')).resolves.toEqual(['back\\slash']);
    await expect(search('50PCT')).resolves.toEqual(['ana_50pct', 'anax50pct']);
    await expect(search('ain')).resolves.toEqual(['plainbob']);
    await expect(search('an')).resolves.toEqual(['ana_50pct', 'anax50pct']);
    await expect(search('zzz')).resolves.toEqual([]);
  });

  it('creates pg_trgm once and GIN trigram indexes the search query can use', async () => {
    expect(await trigramIndexes(system.db.url)).toEqual([
      {
        indexname: TRIGRAM_INDEXES[0],
        method: 'gin',
        expression: 'lower(name::text)',
        opclass: 'public.gin_trgm_ops',
      },
      {
        indexname: TRIGRAM_INDEXES[1],
        method: 'gin',
        expression: 'lower(username::text)',
        opclass: 'public.gin_trgm_ops',
      },
    ]);

    // The SQL the service really runs, replayed under EXPLAIN.
    const dataSource = identity.service.app.get<DataSource>(getDataSourceToken('identity'), {
      strict: false,
    });
    const logged = jest.spyOn(dataSource.logger, 'logQuery');
    let calls: (typeof logged.mock.calls)[number][];
    try {
      await search('plain');
      calls = [...logged.mock.calls];
    } finally {
      logged.mockRestore();
    }
    const [sql, params] = calls.find(([text]) => /LIKE/.test(text)) ?? [];
    expect(sql).toBeDefined();
    const client = new pg.Client({ connectionString: system.db.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      // Four rows are cheaper to scan than to look up: forbid other paths to learn whether the
      // trigram indexes can serve the query at all.
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_indexscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql!}`, params as unknown[]);
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      for (const index of TRIGRAM_INDEXES) expect(text).toContain(index);
      expect(text).not.toContain('Seq Scan');
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
  });

  it('uses a pg_trgm that already exists in another schema, whatever the search_path', async () => {
    const db = await createTestDatabase('identity_trgm_elsewhere');
    try {
      await query(db.url, 'CREATE SCHEMA "Ext Tools"');
      await query(db.url, 'CREATE EXTENSION pg_trgm WITH SCHEMA "Ext Tools"');
      // Neither public nor the extension's schema on the path.
      await query(db.url, `ALTER DATABASE "${db.name}" SET search_path TO "$user"`);
      // A second identity on the same bus reads its own events queue (one subscriber per queue).
      const other = await startTestIdentity(db.url, system.bus, { eventsQueue: 'identity.trgm.events' });
      try {
        await other.client.call(
          'auth.register',
          registration({ username: 'elsewhere_ok', name: 'Eli Where' }),
        );
        const found = await other.client.call('users.search', { query: 'WHERE_o' });
        expect(found.map((u) => u.username)).toEqual(['elsewhere_ok']);
      } finally {
        await other.stop();
      }
      const indexes = await trigramIndexes(db.url);
      expect(indexes.map((i) => [i.indexname, i.opclass])).toEqual(
        TRIGRAM_INDEXES.map((name) => [name, 'Ext Tools.gin_trgm_ops']),
      );
      const extensions = await query<{ nspname: string }>(
        db.url,
        `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      );
      expect(extensions).toEqual([{ nspname: 'Ext Tools' }]);
    } finally {
      await db.drop();
    }
  });
});

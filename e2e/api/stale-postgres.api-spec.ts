import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';
import { eventually, freePort } from '@dinebuds/testing';
import { startAllInOneSystem } from '../support/system.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the cluster's files are: `<dataDir>/postgres`, or what it links to when moved out. */
function clusterDir(dataDir: string): string {
  const link = join(dataDir, 'postgres');
  return lstatSync(link).isSymbolicLink() ? readlinkSync(link) : link;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of an `initdb` that `parent` started, if one is running. */
function initdbChildOf(parent: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').trim();
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat) ?? [];
      if (comm === 'initdb' && Number(rest?.split(' ')[1]) === parent) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

/** `npm start`'s entry point, built. */
function builtRunner(): string {
  const mainJs = join(repoRoot, 'runner', 'dist', 'main.js');
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: build first (npm run build)`);
  return mainJs;
}

/** The environment of `npm start` on `dataDir` with its own ports, API only, quiet. */
function runnerEnv(dataDir: string, port: number, pgPort: number, extra: NodeJS.ProcessEnv = {}) {
  return {
    ...process.env,
    NODE_OPTIONS: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    FRONTEND_DIST: join(dataDir, 'no-frontend'),
    LOG_LEVEL: 'warn',
    METRICS_PORT: '0',
    ...extra,
  };
}

describe('npm start after a run killed with SIGKILL', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('stops the PostgreSQL the killed run left on its data directory, and starts with the data kept', async () => {
    const mainJs = builtRunner();
    const dataDir = mkdtempSync(join(tmpdir(), 'dinebuds-killed-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const pgPort = await freePort();
    const logs: string[] = [];
    const first = spawn(process.execPath, [mainJs], {
      env: runnerEnv(dataDir, port, pgPort, { ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => first.once('exit', () => resolve()));
    for (const stream of [first.stdout, first.stderr])
      stream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    cleanups.push(async () => {
      if (first.exitCode === null && first.signalCode === null) first.kill('SIGKILL');
      await exited;
    });
    await eventually(
      async () => {
        if (first.exitCode !== null) throw new Error(`npm start exited:\n${logs.join('')}`);
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200;
      },
      60_000,
      200,
    );
    const register = await fetch(`http://127.0.0.1:${port}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'survivor', password: 'Keep#1234x', name: 'Survivor' }),
    });
    expect(register.status).toBe(201);

    // SIGKILL: no exit handler runs, so the runner's PostgreSQL keeps running, holding the lock.
    first.kill('SIGKILL');
    await exited;
    const cluster = clusterDir(dataDir);
    cleanups.push(() => rmSync(cluster, { recursive: true, force: true }));
    const lockFile = join(cluster, 'postmaster.pid');
    const orphan = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
    expect(isAlive(orphan)).toBe(true);
    cleanups.push(() => {
      if (isAlive(orphan)) process.kill(orphan, 'SIGKILL');
    });

    // The same start again, on the same DATA_DIR and PostgreSQL port.
    const second = await startAllInOneSystem({ dataDir, env: { EMBEDDED_PG_PORT: String(pgPort) } });
    cleanups.push(() => second.stop());
    expect(isAlive(orphan)).toBe(false);
    expect(Number(readFileSync(lockFile, 'utf8').split('\n')[0])).not.toBe(orphan);
    const login = await fetch(`${second.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'survivor', password: 'Keep#1234x' }),
    });
    expect(login.status).toBe(200);
  }, 180_000);

  it('starts after a first run was stopped while it initialised PostgreSQL (Ctrl-C)', async () => {
    const mainJs = builtRunner();
    const dataDir = mkdtempSync(join(tmpdir(), 'dinebuds-interrupted-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const pgPort = await freePort();
    const first = spawn(process.execPath, [mainJs], {
      env: runnerEnv(dataDir, await freePort(), pgPort),
      stdio: 'ignore',
      // A group of its own: Ctrl-C stops the whole foreground group, initdb included.
      detached: true,
    });
    const exited = new Promise<void>((resolve) => first.once('exit', () => resolve()));
    const group = first.pid!;
    cleanups.push(async () => {
      if (first.exitCode === null && first.signalCode === null) process.kill(-group, 'SIGKILL');
      await exited;
    });
    // Midway through initdb: it has written its first files and is bootstrapping.
    await eventually(async () => initdbChildOf(group) !== undefined, 60_000, 10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(-group, 'SIGKILL');
    await exited;

    const second = await startAllInOneSystem({ dataDir, env: { EMBEDDED_PG_PORT: String(pgPort) } });
    cleanups.push(() => second.stop());
    const cluster = clusterDir(dataDir);
    cleanups.push(() => rmSync(cluster, { recursive: true, force: true }));
    const register = await fetch(`${second.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'patient', password: 'Keep#1234x', name: 'Patient' }),
    });
    expect(register.status).toBe(201);
  }, 180_000);
});

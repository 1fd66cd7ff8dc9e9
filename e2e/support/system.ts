import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRunnerConfig, startAllInOne, type ServiceUrls } from '@dinebuds/runner';
import { eventually, freePort } from '@dinebuds/testing';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each service's own base URL (its loopback port), for tests that bypass the gateway. */
export type { ServiceUrls };

/** The domain services in start order (services.catalogue.json). */
const CATALOGUE = (
  JSON.parse(readFileSync(join(repoRoot, 'services.catalogue.json'), 'utf8')) as {
    services: {
      name: string;
      dir: string;
      urlEnv: string;
      gatewayKey: keyof ServiceUrls;
      after?: string[];
    }[];
  }
).services;

export interface TestSystem {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Limits raised so a test's burst of sign-ups is not rate limited or shed (each limit has its own
 * test): a hostile 100 000-deep body may stall the loop past the event-loop-delay threshold, and a
 * burst of registrations may outrun the password queue on a busy machine.
 */
const TEST_LIMITS = {
  RATE_LIMIT_AUTH_PER_MINUTE: '10000',
  RATE_LIMIT_PER_MINUTE: '100000',
  ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '0',
  ADMISSION_MAX_COSTLY_IN_FLIGHT: '0',
  PASSWORD_WORK_QUEUE: '256',
  PASSWORD_WORK_MAX_WAIT_MS: '60000',
  // A first registration on a loaded CI machine (cold worker thread, cold pool, argon2 beside 2
  // other test workers) outran the gateway's 5 s call budget once: 504. Timeouts have their own tests.
  RPC_TIMEOUT_MS: '30000',
  // The server render runs the app's bundle through Jest's module loader here, slower than Node's
  // own (each screen's chunk linked on its first page); a plain page would fail the render tests.
  SERVER_RENDER_TIMEOUT_MS: '30000',
  LOGIN_FREE_FAILURES: '1000',
  LOG_LEVEL: 'silent',
  // Tests run side by side: each process takes a free metrics port, not the shared default.
  METRICS_PORT: '0',
};

export interface AllInOneOptions {
  /** Keep data between two starts by passing the same directory. */
  dataDir?: string;
  databaseUrl?: string;
  amqpUrl?: string;
  env?: Record<string, string>;
}

/** `npm start`'s code path in this process: embedded Postgres and in-process bus unless URLs are given. */
export async function startAllInOneSystem(
  options: AllInOneOptions = {},
): Promise<TestSystem & { dataDir: string; services: ServiceUrls; metricsUrl?: string }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dinebuds-data-'));
  const start = async () =>
    startAllInOne(
      loadRunnerConfig({
        // The gateway picks its own port (system.url tells it): a port found free a moment earlier can
        // be taken by then, as a parallel test's outgoing connection took one in a CI run.
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        ...(options.amqpUrl ? { AMQP_URL: options.amqpUrl } : {}),
        ...TEST_LIMITS,
        ...options.env,
      }),
    );
  // The embedded PostgreSQL cannot be told to pick its own port: when a parallel test takes the one
  // found free before postgres binds it, start again on another.
  let system: Awaited<ReturnType<typeof startAllInOne>> | undefined;
  for (let attempt = 1; !system; attempt += 1) {
    try {
      system = await start();
    } catch (error) {
      if (attempt === 3 || !/Address already in use/.test(String(error))) throw error;
    }
  }
  return {
    baseUrl: system.url.replace('0.0.0.0', '127.0.0.1'),
    dataDir,
    services: system.services,
    metricsUrl: system.metricsUrl,
    stop: system.stop,
  };
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

/** Stops what startAllInOneSystem started (if it got that far) and removes its data folder. */
export async function stopAllInOneSystem(system?: { stop(): Promise<void>; dataDir: string }): Promise<void> {
  if (!system) return;
  await system.stop();
  removeDataDir(system.dataDir);
}

export interface TestVhost {
  /** `amqpUrl` pointing at the new virtual host. */
  url: string;
  drop(): void;
}

/**
 * A fresh RabbitMQ virtual host (its own exchanges and queues) on the broker of `amqpUrl`, so a
 * distributed system's fixed queue names (social-graph.events) are not shared with other systems
 * started at the same time on the same broker. Needs `rabbitmqctl` here, as support/broker.ts does.
 */
export function createTestVhost(amqpUrl: string, prefix = 'test'): TestVhost {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(amqpUrl);
  const user = decodeURIComponent(url.username || 'guest');
  execFileSync('rabbitmqctl', ['-q', 'add_vhost', name]);
  execFileSync('rabbitmqctl', ['-q', 'set_permissions', '-p', name, user, '.*', '.*', '.*']);
  url.pathname = `/${encodeURIComponent(name)}`;
  return { url: url.toString(), drop: () => void execFileSync('rabbitmqctl', ['-q', 'delete_vhost', name]) };
}

function startProcess(script: string, env: Record<string, string>, logs: string[]): ChildProcess {
  const child = spawn(process.execPath, [join(repoRoot, script)], {
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    logs.push(chunk.toString());
    if (logs.length > 200) logs.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * The distributed mode: every service of the catalogue and the gateway as separate Node processes
 * started from their built `dist/main.js`, on real PostgreSQL (one database, a schema per service)
 * and RabbitMQ. Services start in the catalogue's order; one that another starts after (a consumer,
 * e.g. social-graph before identity) must be healthy first, so its queue exists before the
 * producer publishes.
 */
export async function startDistributedSystem(options: DistributedOptions): Promise<DistributedSystem> {
  // Each process's port is found free a moment before it binds it: a parallel test can take one in
  // between (a CI run's gateway: EADDRINUSE). Everything is stopped and started again on others.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startDistributedOnce(options);
    } catch (error) {
      if (attempt === 3 || !/EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

interface DistributedOptions {
  databaseUrl: string;
  amqpUrl: string;
  env?: Record<string, string>;
}

type DistributedSystem = TestSystem & { logs: string[]; pids: number[]; services: ServiceUrls };

async function startDistributedOnce(options: DistributedOptions): Promise<DistributedSystem> {
  const logs: string[] = [];
  const internalToken = 'distributed-test-internal-token';
  const started: ChildProcess[] = [];
  const urls: Partial<ServiceUrls> = {};
  const gatewayUrls: Record<string, string> = {};
  const stopAll = async () => {
    for (const child of [...started].reverse()) await stopProcess(child);
  };
  for (const entry of CATALOGUE) {
    const port = await freePort();
    const child = startProcess(
      `${entry.dir}/dist/main.js`,
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        AMQP_URL: options.amqpUrl,
        INTERNAL_TOKEN: internalToken,
        LOG_LEVEL: 'warn',
        METRICS_PORT: '0',
        ...options.env,
      },
      logs,
    );
    started.push(child);
    urls[entry.gatewayKey] = `http://127.0.0.1:${port}`;
    gatewayUrls[entry.urlEnv] = `http://127.0.0.1:${port}`;
    // Consumers before producers: a later service publishes only once this one's queue exists.
    if (CATALOGUE.some((other) => other.after?.includes(entry.name)))
      await waitForHealth(`http://127.0.0.1:${port}/health`, child, logs).catch(async (error: unknown) => {
        await stopAll();
        throw error;
      });
  }
  const gatewayPort = await freePort();
  const gateway = startProcess(
    'gateway/dist/main.js',
    {
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      ...gatewayUrls,
      INTERNAL_TOKEN: internalToken,
      // identity's access-changed notices reach its session cache, as in compose and Kubernetes.
      AMQP_URL: options.amqpUrl,
      ...TEST_LIMITS,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    logs,
  );
  started.push(gateway);
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  try {
    await eventually(
      async () => {
        if (started.some((child) => child.exitCode !== null))
          throw new Error(`a process exited:\n${logs.join('')}`);
        const response = await fetch(`${baseUrl}/api/health`);
        return response.status === 200;
      },
      30_000,
      200,
    );
  } catch (error) {
    await stopAll();
    throw new Error(
      `distributed system did not become healthy: ${(error as Error).message}\n${logs.join('').slice(-4000)}`,
      { cause: error },
    );
  }
  return {
    baseUrl,
    logs,
    stop: stopAll,
    pids: started.map((child) => child.pid!),
    services: urls as ServiceUrls,
  };
}

/** Waits until a service process answers 200 on its /health (or fails if it exits). */
async function waitForHealth(url: string, child: ChildProcess, logs: string[]): Promise<void> {
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`the process exited:\n${logs.join('')}`);
        return (await fetch(url)).status === 200;
      },
      30_000,
      200,
    );
  } catch (error) {
    throw new Error(
      `${url} did not become healthy: ${(error as Error).message}\n${logs.join('').slice(-4000)}`,
      { cause: error },
    );
  }
}

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRunnerConfig, startAllInOne } from '@dinebuds/runner';
import { eventually, freePort } from '@dinebuds/testing';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each service's own base URL (its loopback port), for tests that bypass the gateway. */
export interface ServiceUrls {
  identity: string;
  socialGraph: string;
}

export interface TestSystem {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Limits raised so a test's burst of sign-ups is not rate limited (the limit has its own test). */
const TEST_LIMITS = {
  RATE_LIMIT_AUTH_PER_MINUTE: '10000',
  RATE_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: 'silent',
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
): Promise<TestSystem & { dataDir: string; services: ServiceUrls }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dinebuds-data-'));
  const port = await freePort();
  const config = loadRunnerConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.amqpUrl ? { AMQP_URL: options.amqpUrl } : {}),
    ...TEST_LIMITS,
    ...options.env,
  });
  const system = await startAllInOne(config);
  return {
    baseUrl: system.url.replace('0.0.0.0', '127.0.0.1'),
    dataDir,
    services: system.services,
    stop: system.stop,
  };
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
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
 * The distributed mode: identity, social-graph and the gateway as separate Node processes started
 * from their built `dist/main.js`, on real PostgreSQL (one database, a schema per service) and
 * RabbitMQ. social-graph starts first so its queue exists before identity publishes.
 */
export async function startDistributedSystem(options: {
  databaseUrl: string;
  amqpUrl: string;
  env?: Record<string, string>;
}): Promise<TestSystem & { logs: string[]; pids: number[]; services: ServiceUrls }> {
  const logs: string[] = [];
  const internalToken = 'distributed-test-internal-token';
  const identityPort = await freePort();
  const socialGraphPort = await freePort();
  const gatewayPort = await freePort();
  const socialGraph = startProcess(
    'services/social-graph/dist/main.js',
    {
      PORT: String(socialGraphPort),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      AMQP_URL: options.amqpUrl,
      INTERNAL_TOKEN: internalToken,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    logs,
  );
  // Consumers before producers: identity publishes only once social-graph has declared its queue.
  await waitForHealth(`http://127.0.0.1:${socialGraphPort}/health`, socialGraph, logs).catch(
    async (error: unknown) => {
      await stopProcess(socialGraph);
      throw error;
    },
  );
  const identity = startProcess(
    'services/identity/dist/main.js',
    {
      PORT: String(identityPort),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      AMQP_URL: options.amqpUrl,
      INTERNAL_TOKEN: internalToken,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    logs,
  );
  const gateway = startProcess(
    'gateway/dist/main.js',
    {
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      SOCIAL_GRAPH_URL: `http://127.0.0.1:${socialGraphPort}`,
      INTERNAL_TOKEN: internalToken,
      ...TEST_LIMITS,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    logs,
  );
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  const stop = async () => {
    await stopProcess(gateway);
    await stopProcess(identity);
    await stopProcess(socialGraph);
  };
  try {
    await eventually(
      async () => {
        if (identity.exitCode !== null || gateway.exitCode !== null || socialGraph.exitCode !== null)
          throw new Error(`a process exited:\n${logs.join('')}`);
        const response = await fetch(`${baseUrl}/api/health`);
        return response.status === 200;
      },
      30_000,
      200,
    );
  } catch (error) {
    await stop();
    throw new Error(
      `distributed system did not become healthy: ${(error as Error).message}\n${logs.join('').slice(-4000)}`,
      { cause: error },
    );
  }
  return {
    baseUrl,
    logs,
    stop,
    pids: [identity.pid!, socialGraph.pid!, gateway.pid!],
    services: {
      identity: `http://127.0.0.1:${identityPort}`,
      socialGraph: `http://127.0.0.1:${socialGraphPort}`,
    },
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

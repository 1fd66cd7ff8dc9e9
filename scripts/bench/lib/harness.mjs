// Child processes, a scratch database, seeding through the API and one autocannon run: what a
// benchmark script needs around the app (shared by every script in scripts/bench).
/* global console, process, setTimeout, clearTimeout, URL, fetch */
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, percentile, waitFor } from './util.mjs';

const children = new Set();

/**
 * Forks `script` with only `env` (plus PATH and HOME); `ready` resolves on its first IPC message.
 * `execArgv`: Node's flags for the child (e.g. --cpu-prof), default this process's.
 * METRICS_PORT is 0 unless `env` names one: several app processes (or another run) on this host
 * would otherwise all claim 9464 and the second would refuse to start.
 */
export function startChild(script, env, { execArgv = process.execArgv } = {}) {
  const child = fork(script, [], {
    execArgv,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  children.add(child);
  child.once('exit', () => children.delete(child));
  const ready = new Promise((resolveReady, reject) => {
    child.once('message', resolveReady);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}):\n${stderr}`)));
  });
  ready.catch(() => {});
  return { child, ready };
}

export async function stopChild(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Stops every child still running, politely (SIGTERM, then SIGKILL after 5 s). */
export async function stopChildren() {
  for (const child of [...children]) await stopChild(child);
}

/** Kills every child still running (on an error or Ctrl-C). */
export function killChildren() {
  for (const child of children) child.kill('SIGKILL');
}

/** Where benches find PostgreSQL (to create their databases) and RabbitMQ, from the environment. */
export const BENCH_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/**
 * The app's environment in a bench: quiet logs, a fresh internal token, and the per-address rate
 * limits raised (all the load comes from one address), with `extra` on top.
 */
export function benchEnv(extra = {}) {
  return {
    LOG_LEVEL: 'silent',
    INTERNAL_TOKEN: randomBytes(24).toString('hex'),
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...extra,
  };
}

/** A fresh database on the server of `adminUrl`; `drop()` removes it. */
export async function createDatabase(adminUrl) {
  const name = `dinebuds_bench_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A private RabbitMQ virtual host on the broker of `amqpUrl` (so durable queues of one run never
 * meet another's), made with rabbitmqctl; without rabbitmqctl the URL is used as it is.
 */
export function createVhost(amqpUrl) {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  try {
    execFileSync('rabbitmqctl', ['-q', 'add_vhost', name], { stdio: 'ignore' });
    execFileSync(
      'rabbitmqctl',
      ['-q', 'set_permissions', '-p', name, new URL(amqpUrl).username || 'guest', '.*', '.*', '.*'],
      { stdio: 'ignore' },
    );
  } catch {
    return { url: amqpUrl, drop: () => {} };
  }
  const url = new URL(amqpUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => execFileSync('rabbitmqctl', ['-q', 'delete_vhost', name], { stdio: 'ignore' }),
  };
}

/**
 * Registers a user through the gateway (`extra`: more registration fields); answers the user and
 * the session cookie. A 503 (busy: a just-started app on a loaded host) is retried after its
 * Retry-After, as a client should.
 */
export async function register(gateway, prefix, extra = {}) {
  const username = `${prefix}${randomBytes(4).toString('hex')}`;
  let response;
  for (let attempt = 1; ; attempt++) {
    response = await fetch(`${gateway}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Bench#Pass2026', name: 'Bench User', ...extra }),
    });
    if (response.status !== 503 || attempt === 10) break;
    await response.arrayBuffer();
    const retryAfter = Number(response.headers.get('retry-after')) || 1;
    await new Promise((r) => setTimeout(r, retryAfter * 1000));
  }
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('dinebuds_sid='))
    ?.split(';')[0];
  return { user: await response.json(), cookie };
}

/**
 * One autocannon run: req/s, latency percentiles (ms) and how many answers had each status.
 * `bodies`, when given, is called for each request and its answer is that request's body (a load
 * spread over many rows instead of one fixed body); `vary` likewise answers each request's
 * `{ path, headers }` (a load spread over many callers).
 */
export async function load({ url, method = 'GET', headers = {}, body, bodies, vary, connections, duration }) {
  const times = [];
  const statuses = {};
  const requests = bodies
    ? [{ method, setupRequest: (request) => ({ ...request, body: bodies() }) }]
    : vary
      ? [
          {
            method,
            setupRequest: (request) => {
              const varied = vary();
              return {
                ...request,
                path: varied.path ?? request.path,
                headers: { ...request.headers, ...varied.headers },
              };
            },
          },
        ]
      : undefined;
  const instance = autocannon({ url, method, headers, body, requests, connections, pipelining: 1, duration });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await new Promise((r, reject) => instance.once('done', r).once('error', reject));
  times.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
  };
}

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'bench', 'results');

/** Writes a run's figures (with the machine's cores and load) to bench/results/<name>-<time>.json. */
export function writeResults(name, figures) {
  mkdirSync(resultsDir, { recursive: true });
  const at = new Date().toISOString();
  const file = join(resultsDir, `${name}-${at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ at, cores: cpus().length, loadavg: loadavg(), ...figures }, null, 2));
  console.log(`\nwritten to ${file}`);
  return file;
}

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Where a bench's `--prof` leaves the app processes' V8 CPU profiles (open in Chrome DevTools). */
export const CPU_PROFILE_DIR = join(repoRoot, 'bench', 'results', 'cpu-profiles');

/** startApp's `execArgv` for `--prof`: each app process writes its profile there (off: undefined). */
export function cpuProfileArgs(enabled) {
  return enabled ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : undefined;
}

/**
 * Starts the app in a run mode with `env` for every process, on `databaseUrl`:
 * - 'one-process': `npm start`'s code path in one child (lib/all-in-one-child.mjs); with `amqpUrl`
 *   its events go through a private virtual host of that broker, else through the in-process bus.
 * - 'distributed': every service and the gateway in their own process (their dist/main.js), events
 *   through a private virtual host of `amqpUrl`; ready when the gateway's health check passes.
 * Answers the gateway's URL, identity's, the pids to weigh, the one process's memory breakdown
 * (one-process only: its child answers a 'memory' message) and a stop function.
 */
export async function startApp(mode, { databaseUrl, amqpUrl, env = {}, execArgv }) {
  const vhost = amqpUrl ? createVhost(amqpUrl) : null;
  const options = execArgv ? { execArgv } : undefined;
  try {
    if (mode === 'one-process') {
      const port = await freePort();
      const { child, ready } = startChild(
        join(repoRoot, 'scripts', 'bench', 'lib', 'all-in-one-child.mjs'),
        {
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          ...(vhost ? { AMQP_URL: vhost.url } : {}),
          FRONTEND_DIST: join(repoRoot, 'no-frontend-for-bench'),
        },
        options,
      );
      const message = await ready;
      return {
        gateway: `http://127.0.0.1:${port}`,
        identity: message.services.identity,
        pids: [child.pid],
        names: ['app'],
        breakdown: () => memoryBreakdown(child),
        stop: async () => {
          await stopChild(child);
          vhost?.drop();
        },
      };
    }
    if (!vhost) throw new Error('the distributed mode needs amqpUrl');
    // Every catalogue service, in its start order (consumers first), each on a free port; the
    // gateway gets each one's URL variable (a new service needs no edit here).
    const catalogue = JSON.parse(readFileSync(join(repoRoot, 'services.catalogue.json'), 'utf8')).services;
    const ports = {};
    for (const entry of catalogue) ports[entry.name] = await freePort();
    const gatewayPort = await freePort();
    const started = catalogue.map((entry) =>
      startChild(
        join(repoRoot, entry.dir, 'dist', 'main.js'),
        {
          ...env,
          PORT: String(ports[entry.name]),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          AMQP_URL: vhost.url,
        },
        options,
      ),
    );
    started.push(
      startChild(
        join(repoRoot, 'gateway', 'dist', 'main.js'),
        {
          ...env,
          PORT: String(gatewayPort),
          HOST: '127.0.0.1',
          ...Object.fromEntries(
            catalogue.map((entry) => [entry.urlEnv, `http://127.0.0.1:${ports[entry.name]}`]),
          ),
          // identity's access-changed notices (the session cache), as compose and Kubernetes give it.
          AMQP_URL: vhost.url,
        },
        options,
      ),
    );
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    await waitFor(async () => (await fetch(`${gateway}/api/health`)).status === 200, 60_000, started);
    return {
      gateway,
      identity: `http://127.0.0.1:${ports.identity}`,
      pids: started.map((s) => s.child.pid),
      /** The process name of each pid, in the same order. */
      names: [...catalogue.map((entry) => entry.name), 'gateway'],
      stop: async () => {
        for (const { child } of started.reverse()) await stopChild(child);
        vhost.drop();
      },
    };
  } catch (error) {
    await stopChildren();
    vhost?.drop();
    throw error;
  }
}

/** The one process's own view: V8 heap used / total, and memory outside the heap (MiB). */
function memoryBreakdown(child) {
  return new Promise((resolveUsage) => {
    const onMessage = (message) => {
      if (message?.type !== 'memory') return;
      child.off('message', onMessage);
      const mib = (n) => Math.round(n / 1024 / 1024);
      const shape = ({ rss, heapUsed, heapTotal, external, arrayBuffers }) => ({
        rss: mib(rss),
        heapUsed: mib(heapUsed),
        heapTotal: mib(heapTotal),
        external: mib(external),
        arrayBuffers: mib(arrayBuffers),
      });
      resolveUsage({ ...shape(message.usage), afterGc: message.afterGc ? shape(message.afterGc) : null });
    };
    child.on('message', onMessage);
    child.send({ type: 'memory' });
  });
}

#!/usr/bin/env node
// Gateway hop benchmark: what the gateway adds to a request, against the budget in
// ../shared/ARCHITECTURE.md ("≤ 1 ms p50 added by the gateway"). A benchmark, not a test: it
// measures and prints, and its exit code says only whether it could measure (0) or not (1).
//
//   npm run build                                   # once; this script builds nothing
//   node scripts/bench/gateway-hop.mjs              # starts the all-in-one system in this process
//   node scripts/bench/gateway-hop.mjs --distributed  # targets a running gateway at BASE_URL
//
// Cases: (a) GET /api/users/{id} through the gateway (one users.get RPC behind it);
//        (b) POST {identity}/rpc/users.get straight to the identity service (the same RPC, no gateway);
//        (c) GET /api/user with a session cookie (sessions.resolve + users.me behind it);
//        (d) POST /api/login (argon2id verification, a new session row).
// Gateway added p50 = p50(a) − p50(b), from the sequential runs. See README.md in this folder.
/* global console, process */
import { randomBytes, randomUUID } from 'node:crypto';
import diagnosticsChannel from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';

const BUDGET_MS = 1;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

// ---------------------------------------------------------------------------------------------
// Options

const { values: opts } = parseArgs({
  options: {
    distributed: { type: 'boolean', default: false },
    requests: { type: 'string', default: '2000' }, // sequential requests per fast case
    rounds: { type: 'string', default: '4' }, // (a), (b), (c) alternate in this many blocks
    warmup: { type: 'string', default: '500' }, // per fast case, not measured
    concurrency: { type: 'string', default: '16' },
    'concurrent-requests': { type: 'string', default: '2000' }, // per fast case
    logins: { type: 'string', default: '30' }, // sequential logins
    'login-concurrency': { type: 'string', default: '4' },
    'concurrent-logins': { type: 'string', default: '24' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (opts.help) {
  console.log(`usage: node scripts/bench/gateway-hop.mjs [--distributed] [--requests N] [--rounds N]
  [--warmup N] [--concurrency N] [--concurrent-requests N] [--logins N] [--login-concurrency N]
  [--concurrent-logins N] [--json]

In-process (default): starts runner/dist (run \`npm run build\` first) with an embedded PostgreSQL in
a temporary directory, or DATABASE_URL when set; removes everything when done.
--distributed: targets BASE_URL (default http://127.0.0.1:3000); case (b) needs IDENTITY_URL and
INTERNAL_TOKEN of that deployment and is skipped without them. Its gateway's auth rate limit
(RATE_LIMIT_AUTH_PER_MINUTE, default 20) caps the login case: lower --logins or raise the limit.`);
  process.exit(0);
}

const int = (name) => {
  const value = Number(opts[name]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a non-negative integer`);
    process.exit(1);
  }
  return value;
};
const N_SEQ = int('requests');
const ROUNDS = Math.max(1, int('rounds'));
const N_WARMUP = int('warmup');
const CONCURRENCY = Math.max(1, int('concurrency'));
const N_CONC = int('concurrent-requests');
const N_LOGIN = int('logins');
const LOGIN_CONCURRENCY = Math.max(1, int('login-concurrency'));
const N_LOGIN_CONC = int('concurrent-logins');

// ---------------------------------------------------------------------------------------------
// Helpers

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

function summarise(name, samples, wallMs, errors, concurrency) {
  const sorted = Float64Array.from(samples).sort();
  const mean = samples.reduce((sum, x) => sum + x, 0) / (samples.length || 1);
  return {
    name,
    concurrency,
    n: samples.length,
    errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean,
    max: sorted[sorted.length - 1] ?? NaN,
    throughput: wallMs > 0 ? (samples.length / wallMs) * 1000 : NaN,
  };
}

/** One keep-alive pool per origin; `send` resolves to { status, text } after the whole body. */
class Client {
  constructor(origin, connections) {
    this.pool = new Pool(origin, {
      connections,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
    });
  }

  async send({ method = 'GET', path, headers = {}, body }) {
    const response = await this.pool.request({ method, path, headers, body });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, text };
  }

  close() {
    return this.pool.close();
  }
}

/**
 * Runs `request` `total` times with `concurrency` callers in flight; returns latencies (ms) of
 * the answers with the expected status, the wall time, and the count of other answers.
 */
async function measure(request, total, concurrency, expectStatus = 200) {
  const samples = [];
  let errors = 0;
  let next = 0;
  let firstError = null;
  const worker = async () => {
    while (next < total) {
      next += 1;
      const start = performance.now();
      try {
        const { status, text } = await request();
        const elapsed = performance.now() - start;
        if (status === expectStatus) samples.push(elapsed);
        else {
          errors += 1;
          firstError ??= `HTTP ${status}: ${text.slice(0, 200)}`;
        }
      } catch (error) {
        errors += 1;
        firstError ??= String(error?.message ?? error);
      }
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(total, 1)) }, worker));
  const wallMs = performance.now() - start;
  if (firstError) console.warn(`  ! ${errors} unexpected answer(s); first: ${firstError}`);
  return { samples, wallMs, errors };
}

const fmt = (ms) => (Number.isFinite(ms) ? ms.toFixed(3).padStart(9) : '      n/a');
const fmtRate = (x) => (Number.isFinite(x) ? x.toFixed(0).padStart(8) : '     n/a');

function printTable(results) {
  console.log(
    `${'case'.padEnd(44)} ${'conc'.padStart(4)} ${'n'.padStart(6)} ${'err'.padStart(4)}` +
      `   p50 ms    p95 ms    p99 ms   mean ms   req/s`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(44)} ${String(r.concurrency).padStart(4)} ${String(r.n).padStart(6)} ` +
        `${String(r.errors).padStart(4)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.p99)} ${fmt(r.mean)} ` +
        `${fmtRate(r.throughput)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The system under test

/**
 * All-in-one in this process from runner/dist. startAllInOne returns only the gateway URL; the
 * identity service listens on a random loopback port, so its URL is read from the gateway's own
 * outgoing RPC (undici's 'undici:request:create' diagnostics channel) while registering the user.
 */
async function startInProcess() {
  const runnerEntry = join(repoRoot, 'runner', 'dist', 'index.js');
  let runner;
  try {
    runner = await import(pathToFileURL(runnerEntry).href);
  } catch (error) {
    throw new Error(`cannot load ${runnerEntry} (run \`npm run build\` first): ${error.message}`, {
      cause: error,
    });
  }
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'dinebuds-bench-'));
  const internalToken = process.env.INTERNAL_TOKEN ?? randomBytes(24).toString('base64url');
  const env = {
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    INTERNAL_TOKEN: internalToken,
    LOG_LEVEL: 'silent',
    METRICS_PORT: '0',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000000',
    // The API only: the SPA is not what is measured.
    FRONTEND_DIST: join(dataDir ?? tmpdir(), 'no-frontend'),
  };
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  else {
    env.DATA_DIR = dataDir;
    env.EMBEDDED_PG_PORT = String(await freePort());
  }
  let system = null;
  const cleanup = async () => {
    if (system) await system.stop().catch((e) => console.warn(`stop failed: ${e.message}`));
    system = null;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const started = performance.now();
    system = await runner.startAllInOne(runner.loadRunnerConfig(env));
    const startMs = performance.now() - started;
    return {
      mode: `in-process all-in-one (${env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}, in-process bus)`,
      baseUrl: system.url.replace('0.0.0.0', '127.0.0.1'),
      identityUrl: null, // discovered while registering
      internalToken,
      discoverIdentity: true,
      startMs,
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function watchIdentityOrigin() {
  let origin = null;
  const channel = diagnosticsChannel.channel('undici:request:create');
  const onCreate = ({ request }) => {
    if (!origin && request.path === '/rpc/auth.register') origin = String(request.origin);
  };
  channel.subscribe(onCreate);
  return () => {
    channel.unsubscribe(onCreate);
    return origin;
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  let target;
  if (opts.distributed) {
    const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
    target = {
      mode: `distributed (BASE_URL=${baseUrl})`,
      baseUrl,
      identityUrl: process.env.IDENTITY_URL ?? null,
      internalToken: process.env.INTERNAL_TOKEN ?? null,
      discoverIdentity: false,
      startMs: null,
      cleanup: async () => {},
    };
  } else {
    target = await startInProcess();
  }

  const onSignal = (signal) => {
    console.error(`\n${signal}: stopping`);
    target.cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const clients = [];
  try {
    const gateway = new Client(target.baseUrl, CONCURRENCY);
    clients.push(gateway);

    // Register the user the reads look at (and whose session case (c) uses).
    const username = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const password = 'Bench#Pass1234';
    const stopWatching = target.discoverIdentity ? watchIdentityOrigin() : null;
    const registered = await gateway.send({
      method: 'POST',
      path: '/api/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password, name: 'Bench User' }),
    });
    if (stopWatching) target.identityUrl = stopWatching();
    if (registered.status !== 201)
      throw new Error(`register answered ${registered.status}: ${registered.text.slice(0, 300)}`);
    const userId = JSON.parse(registered.text).id;
    const setCookie = [registered.headers['set-cookie']].flat().find((c) => c?.startsWith('dinebuds_sid='));
    if (!setCookie) throw new Error('register set no dinebuds_sid cookie');
    const cookie = setCookie.split(';')[0];

    const identity =
      target.identityUrl && target.internalToken ? new Client(target.identityUrl, CONCURRENCY) : null;
    if (identity) clients.push(identity);

    console.log(`DineBuds gateway hop benchmark — ${new Date().toISOString()}`);
    console.log(
      `node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model?.trim() ?? '?'}), ` +
        `load average ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
    );
    console.log(
      `mode: ${target.mode}${target.startMs ? `, started in ${(target.startMs / 1000).toFixed(1)} s` : ''}`,
    );
    console.log(`gateway ${target.baseUrl}; identity ${target.identityUrl ?? '(unknown: case (b) skipped)'}`);
    console.log(
      `sequential: ${N_SEQ} per case in ${ROUNDS} alternating rounds after ${N_WARMUP} warm-up; ` +
        `concurrent: ${N_CONC} at ${CONCURRENCY} in flight; logins: ${N_LOGIN} sequential, ` +
        `${N_LOGIN_CONC} at ${LOGIN_CONCURRENCY} in flight`,
    );
    console.log('');

    const cases = [
      {
        key: 'a',
        name: '(a) GET /api/users/{id} via gateway',
        request: () => gateway.send({ path: `/api/users/${userId}` }),
      },
    ];
    if (identity) {
      const rpcBody = JSON.stringify({ id: userId });
      cases.push({
        key: 'b',
        name: '(b) identity RPC users.get direct',
        // What the gateway's ServiceClient sends for an anonymous caller.
        request: () =>
          identity.send({
            method: 'POST',
            path: '/rpc/users.get',
            headers: {
              'content-type': 'application/json',
              'x-internal-token': target.internalToken,
              'x-request-id': randomUUID(),
            },
            body: rpcBody,
          }),
      });
    }
    cases.push({
      key: 'c',
      name: '(c) GET /api/user with session (+resolve)',
      request: () => gateway.send({ path: '/api/user', headers: { cookie } }),
    });

    // Check every case answers 200 once before timing anything.
    for (const c of cases) {
      const { status, text } = await c.request();
      if (status !== 200) throw new Error(`${c.name} answered ${status}: ${text.slice(0, 300)}`);
    }

    // Warm-up: JIT, connection pools, Postgres caches.
    for (const c of cases) await measure(c.request, N_WARMUP, 1);
    for (const c of cases) await measure(c.request, Math.min(N_WARMUP, 200), CONCURRENCY);

    // Sequential, alternating blocks so drift (other load on the machine) hits every case alike.
    const seq = Object.fromEntries(cases.map((c) => [c.key, { samples: [], wallMs: 0, errors: 0 }]));
    const perRound = Math.ceil(N_SEQ / ROUNDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      const count = Math.min(perRound, N_SEQ - round * perRound);
      if (count <= 0) break;
      for (const c of cases) {
        const m = await measure(c.request, count, 1);
        seq[c.key].samples.push(...m.samples);
        seq[c.key].wallMs += m.wallMs;
        seq[c.key].errors += m.errors;
      }
    }
    const results = cases.map((c) =>
      summarise(c.name, seq[c.key].samples, seq[c.key].wallMs, seq[c.key].errors, 1),
    );
    const seqByKey = Object.fromEntries(cases.map((c, i) => [c.key, results[i]]));

    const concByKey = {};
    for (const c of cases) {
      const m = await measure(c.request, N_CONC, CONCURRENCY);
      concByKey[c.key] = summarise(c.name, m.samples, m.wallMs, m.errors, CONCURRENCY);
      results.push(concByKey[c.key]);
    }

    // (d) Login: argon2id dominates; few requests suffice.
    const login = () =>
      gateway.send({
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
    await measure(login, 3, 1);
    if (N_LOGIN > 0) {
      const m = await measure(login, N_LOGIN, 1);
      results.push(summarise('(d) POST /api/login (argon2id)', m.samples, m.wallMs, m.errors, 1));
    }
    if (N_LOGIN_CONC > 0) {
      const m = await measure(login, N_LOGIN_CONC, LOGIN_CONCURRENCY);
      results.push(
        summarise('(d) POST /api/login (argon2id)', m.samples, m.wallMs, m.errors, LOGIN_CONCURRENCY),
      );
    }

    printTable(results);
    console.log('');

    let verdict = null;
    if (seqByKey.b) {
      const added = seqByKey.a.p50 - seqByKey.b.p50;
      const addedConc = concByKey.a.p50 - concByKey.b.p50;
      verdict = { addedP50Ms: added, budgetMs: BUDGET_MS, meetsBudget: added <= BUDGET_MS };
      console.log(
        `gateway added p50 (sequential) = (a) ${seqByKey.a.p50.toFixed(3)} − (b) ${seqByKey.b.p50.toFixed(3)} ` +
          `= ${added.toFixed(3)} ms → ${added <= BUDGET_MS ? 'MEETS' : 'EXCEEDS'} the ≤ ${BUDGET_MS} ms p50 budget`,
      );
      console.log(
        `gateway added p50 at ${CONCURRENCY} in flight = ${addedConc.toFixed(3)} ms (queueing included; for information)`,
      );
    } else {
      console.log('gateway added p50: not measured (case (b) needs IDENTITY_URL and INTERNAL_TOKEN)');
    }
    if (seqByKey.c)
      console.log(
        `session cost p50 (sequential) = (c) − (a) = ${(seqByKey.c.p50 - seqByKey.a.p50).toFixed(3)} ms ` +
          '(sessions.resolve hop; users.me instead of users.get)',
      );

    if (opts.json)
      console.log(JSON.stringify({ date: new Date().toISOString(), mode: target.mode, results, verdict }));
    return 0;
  } finally {
    await Promise.allSettled(clients.map((c) => c.close()));
    await target.cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`gateway-hop: ${error?.stack ?? error}`);
    process.exit(1);
  },
);

#!/usr/bin/env node
// `npm run bench` (last part): what metrics and tracing cost. The one-process app (runner/dist)
// runs on one database in four configurations, all up at once, two child processes each:
//   off      METRICS_ENABLED=false, no OTEL_EXPORTER_OTLP_ENDPOINT (no hooks at all)
//   metrics  request metrics; /metrics on its own port
//   sampled  metrics, plus tracing at the library's default sampler (parent-based, a share of new
//            traces: DEFAULT_TRACE_SAMPLE_RATIO), spans exported over OTLP/HTTP (protobuf) to a
//            local collector stub
//   tracing  the same with every trace recorded (OTEL_TRACES_SAMPLER=parentbased_always_on)
// A scrape's own cost is measured apart (CPU per GET /metrics, then as a share of a core at
// Prometheus's 15 s interval): scraping during the short bursts would put a fixed cost on few
// requests when the machine is slow, and none on many when it is fast.
// A shared machine drifts (CPU credits, other work): the same case moved by 30 % between the
// start and the end of a sequential run. So the three are loaded in short alternating bursts, one
// case at a time, round after round, the order rotating through all six permutations; each round
// gives one ratio per case (its three bursts seconds apart see the same machine), and the median
// of those ratios, with their spread, is the figure. Idle processes cost next to nothing. The
// two processes of a configuration take turns round by round, so one process's own speed (its
// JIT, its memory layout: the same code measured up to 25 % apart between processes) does not
// weigh on every round alike.
// Three measures of the cost of metrics (metrics vs off) and of tracing (tracing vs metrics):
//   throughput    answered req/s, the issue's measure, and the one other load moves most;
//   CPU/request   the app's CPU time (all threads, /proc) per answered request;
//   profile       the apps run under --cpu-prof: the share of their busy samples in metrics and
//                 tracing code, plus the difference in GC (lib/cpuprofile.mjs): what a CPU-bound
//                 process loses, a share of its own samples, which other load hardly moves.
// It prints them with their spread, checks the issue's budgets (≤ 5 %, ≤ 15 %) on each and writes
// bench/results/. A benchmark, not a test: the exit code says only whether it could measure.
/* global console, process, setTimeout, fetch, performance, Buffer */
import { createServer } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import {
  BENCH_ADMIN_URL as adminUrl,
  createDatabase,
  killChildren,
  load,
  register,
  startChild,
  stopChild,
  writeResults,
} from './lib/harness.mjs';
import { instrumentationShare } from './lib/cpuprofile.mjs';
import { countProtobufSpans } from './lib/otlp-count.mjs';
import { freePort, percentile, waitFor } from './lib/util.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const libDir = join(repoRoot, 'scripts', 'bench', 'lib');

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '9' },
    rounds: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '1.5' },
    connections: { type: 'string', default: '16' },
    processes: { type: 'string', default: '2' },
    profiles: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  console.log(`usage: node scripts/bench/observability.mjs [--duration S] [--rounds N] [--warmup S] [--connections N]
  --duration S   measured seconds per configuration and case (default 9), split into --rounds
                 bursts (default 6, one per order of the three; bursts are at least 1 s, so a short
                 duration means fewer rounds)
  --warmup S     seconds of load per app and case before the rounds (default 1.5)
  --processes N  apps per configuration (default 2), taking turns round by round
  --profiles DIR keep the apps' CPU profiles there (CPU.<date>.<time>.<pid>...cpuprofile, the
                 pids are printed; open them in Chrome DevTools), instead of a removed temp dir
Needs a build (npm run build). PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL
(default postgres://postgres@127.0.0.1:5432/postgres). ~3 minutes at the defaults.`);
  process.exit(0);
}
const DURATION = Number(opts.duration);
const ROUNDS = Math.max(1, Math.min(Number(opts.rounds), Math.floor(DURATION)));
const BURST = DURATION / ROUNDS;
const WARMUP = Number(opts.warmup);
const CONNECTIONS = Number(opts.connections);
const PROCESSES = Math.max(1, Number(opts.processes));
const internalToken = randomBytes(24).toString('hex');
/** Tracing's budget is the default's (sampled); every trace recorded is printed beside it. */
const BUDGETS = { metrics: 0.05, sampled: 0.15 };
/** Scrapes measured in a row, and Prometheus's interval (infra/observability/prometheus.yml). */
const SCRAPES = 20;
const SCRAPE_INTERVAL_S = 15;
const CONFIGS = ['off', 'metrics', 'sampled', 'tracing'];
/** Each rotation of the four and its reverse: each configuration takes each position equally often. */
const ORDERS = CONFIGS.flatMap((_, shift) => {
  const rotation = CONFIGS.map((__, i) => CONFIGS[(i + shift) % CONFIGS.length]);
  return [rotation, [...rotation].reverse()];
});

/**
 * An OTLP/HTTP collector stub: accepts POST /v1/traces and counts the spans, exactly, without
 * decoding them: the stub shares the machine with the app under test, and a real collector would
 * not spend this machine's CPU. Protobuf bodies (the apps' default) are walked field by field
 * (lib/otlp-count.mjs); JSON ones have one `"spanId"` key per span.
 */
async function startCollector() {
  const key = Buffer.from('"spanId"');
  let spans = 0;
  let posts = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      posts++;
      const body = Buffer.concat(chunks);
      if (req.headers['content-type']?.startsWith('application/x-protobuf'))
        spans += countProtobufSpans(body);
      else for (let at = body.indexOf(key); at !== -1; at = body.indexOf(key, at + key.length)) spans++;
      res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'application/json' });
      res.end(req.headers['content-type']?.startsWith('application/x-protobuf') ? undefined : '{}');
    });
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => ({ spans, posts }),
    close: () => new Promise((r) => server.close(r)),
  };
}

/**
 * CPU time (ms) a process has used, all its threads (event loop, GC helpers, libuv pool), from
 * /proc/<pid>/task/<tid>/schedstat in nanoseconds (Linux; NaN elsewhere). Read from outside, so
 * the process under test does no work for it; /proc/<pid>/stat's 10 ms ticks are too coarse for
 * a burst of a second.
 */
function cpuMs(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ', 1)[0]);
    return ns / 1e6;
  } catch {
    return NaN;
  }
}

/** The answers other than 2xx over a configuration's runs, by status ({"503": n, ...}). */
function nonOkStatuses(runs) {
  const counts = {};
  for (const run of runs)
    for (const [status, n] of Object.entries(run.statuses ?? {}))
      if (!status.startsWith('2')) counts[status] = (counts[status] ?? 0) + n;
  return counts;
}

async function startApp(config, databaseUrl, collectorUrl, profileDir) {
  const port = await freePort();
  const metricsPort = await freePort();
  const env = {
    LOG_LEVEL: 'silent',
    INTERNAL_TOKEN: internalToken,
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_PER_MINUTE: '100000000',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // Six apps of three services each share one PostgreSQL (max_connections 100 by default).
    DB_POOL_SIZE: '4',
    FRONTEND_DIST: join(repoRoot, 'no-frontend-for-bench'),
    METRICS_ENABLED: config === 'off' ? 'false' : 'true',
    METRICS_PORT: String(metricsPort),
    ...(config === 'sampled' || config === 'tracing' ? { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl } : {}),
    // sampled: the library's default sampler (nothing set); tracing: every trace recorded.
    ...(config === 'tracing' ? { OTEL_TRACES_SAMPLER: 'parentbased_always_on' } : {}),
  };
  const { child, ready } = startChild(join(libDir, 'all-in-one-child.mjs'), env, {
    execArgv: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  await ready;
  let served = 0;
  return {
    config,
    gateway: `http://127.0.0.1:${port}`,
    served: () => served,
    /** One load run: answered (2xx) req/s, latency, and the app's CPU per answered request. */
    async load(c, duration) {
      const cpuBefore = cpuMs(child.pid);
      const result = await load({ ...c, connections: CONNECTIONS, duration });
      const cpu = cpuMs(child.pid) - cpuBefore;
      const answered = result.requests - result.non2xx;
      served += result.requests;
      // CPU per request is what the hooks cost in work, however the machine's other load shares
      // the cores out (throughput moves with that share). Refusals (503 busy) are not answers.
      return { ...result, rps: (result.rps * answered) / result.requests, cpuPerRequest: cpu / answered };
    },
    /** CPU (ms) and time (ms) of one GET /metrics, the median of `times` in a row. */
    async scrapeCost(times) {
      const cpu = [];
      const wall = [];
      for (let i = 0; i < times; i++) {
        const before = cpuMs(child.pid);
        const start = performance.now();
        await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        wall.push(performance.now() - start);
        cpu.push(cpuMs(child.pid) - before);
      }
      return { cpuMs: spread(cpu).median, wallMs: spread(wall).median };
    },
    pid: child.pid,
    stop: () => stopChild(child),
  };
}

/**
 * Each configuration's share of CPU in instrumentation code during the rounds (see
 * lib/cpuprofile.mjs), over its processes (weighted by their busy time).
 */
function profileShares(dir, pids, window) {
  const files = readdirSync(dir);
  const shares = {};
  for (const [config, list] of Object.entries(pids)) {
    const parts = list
      .map((pid) => files.find((f) => f.endsWith('.cpuprofile') && f.split('.').includes(String(pid))))
      .filter(Boolean)
      .map((file) => instrumentationShare(join(dir, file), window));
    if (!parts.length) continue;
    const busyMs = parts.reduce((s, p) => s + p.busyMs, 0);
    const weighted = (key) => parts.reduce((s, p) => s + p[key] * p.busyMs, 0) / busyMs;
    const top = new Map();
    for (const p of parts) for (const [key, ms] of p.top) top.set(key, (top.get(key) ?? 0) + ms);
    shares[config] = {
      busyMs,
      instrumentationShare: weighted('instrumentationShare'),
      gcShare: weighted('gcShare'),
      top: [...top].sort((a, b) => b[1] - a[1]).slice(0, 8),
    };
  }
  return shares;
}

/** register(), again while a process just started answers 503 (its start-up stalled the loop). */
async function registerWhenReady(gateway, prefix) {
  let user;
  await waitFor(async () => (user = await register(gateway, prefix)), 30_000);
  return user;
}

/** Registers a user with 10 followers through `gateway`, waiting for the events to land. */
async function seed(gateway) {
  const target = await registerWhenReady(gateway, 'obstarget');
  await waitFor(
    async () => (await fetch(`${gateway}/api/users/${target.user.id}/followers/count`)).status === 200,
    30_000,
  );
  for (let i = 0; i < 10; i++) {
    const fan = await registerWhenReady(gateway, 'obsfan');
    await waitFor(async () => {
      const r = await fetch(`${gateway}/api/users/${target.user.id}/follow`, {
        method: 'POST',
        headers: { cookie: fan.cookie },
      });
      return r.status === 200 || r.status === 201;
    }, 30_000);
  }
  return target;
}

function cases(gateway, target) {
  const id = target.user.id;
  return [
    { name: 'GET /api/users/{id}', url: `${gateway}/api/users/${id}` },
    { name: 'GET /api/user (session)', url: `${gateway}/api/user`, headers: { cookie: target.cookie } },
    { name: 'GET followers (10)', url: `${gateway}/api/users/${id}/followers?limit=10` },
  ];
}

const fmt = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '-');
const pct = (n) => `${fmt(n * 100, 1)}%`;

/** Median and quartiles of numbers. */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    p25: percentile(sorted, 25),
    p75: percentile(sorted, 75),
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}
const showSpread = (s) => `${pct(s.median)} (quartiles ${pct(s.p25)} .. ${pct(s.p75)})`;

async function main() {
  console.log(
    `DineBuds observability cost: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}; ${PROCESSES} processes per configuration; ${ROUNDS} rounds of ${fmt(BURST, 1)} s bursts per configuration and case, ` +
      `${CONNECTIONS} in flight, ${WARMUP} s warm-up`,
  );
  const database = await createDatabase(adminUrl);
  // One collector per traced configuration, so each one's spans per request are its own.
  const collectors = { sampled: await startCollector(), tracing: await startCollector() };
  const collectorUrl = (config) => collectors[config]?.url ?? collectors.tracing.url;
  const profileDir = opts.profiles
    ? resolve(opts.profiles)
    : mkdtempSync(join(tmpdir(), 'dinebuds-obs-profiles-'));
  const apps = {};
  try {
    // Seeded through the first app alone, so no other process's relay takes part.
    // Several processes per configuration, taking turns: one process's own speed (JIT, memory
    // layout) otherwise biases every round alike.
    apps.off = [await startApp('off', database.url, collectorUrl('off'), profileDir)];
    const target = await seed(apps.off[0].gateway);
    for (const config of CONFIGS) {
      apps[config] ??= [];
      while (apps[config].length < PROCESSES)
        apps[config].push(await startApp(config, database.url, collectorUrl(config), profileDir));
    }

    const list = cases('', target);
    for (const app of Object.values(apps).flat())
      for (const c of cases(app.gateway, target)) await app.load(c, WARMUP);
    await apps.metrics[0].scrapeCost(3);
    const scrape = await apps.metrics[0].scrapeCost(SCRAPES);

    // runs[case][config] = results of each round, in round order.
    const runs = Object.fromEntries(
      list.map((c) => [c.name, Object.fromEntries(CONFIGS.map((k) => [k, []]))]),
    );
    const window = { from: Number(process.hrtime.bigint() / 1000n) };
    for (let round = 0; round < ROUNDS; round++) {
      const order = ORDERS[round % ORDERS.length];
      const line = [];
      for (const [index, c] of list.entries()) {
        for (const config of order) {
          const app = apps[config][round % PROCESSES];
          const result = await app.load(cases(app.gateway, target)[index], BURST);
          runs[c.name][config].push(result);
        }
        const r = runs[c.name];
        line.push(CONFIGS.map((k) => fmt(r[k][round].rps, 0)).join('/'));
      }
      console.log(`  round ${round + 1} (${order.join(', ')}): ${CONFIGS.join('/')} req/s ${line.join('  ')}`);
    }
    window.to = Number(process.hrtime.bigint() / 1000n);

    const summary = [];
    const COSTS = ['metricsCost', 'sampledCost', 'tracingCost', 'metricsCpu', 'sampledCpu', 'tracingCpu'];
    const all = Object.fromEntries(COSTS.map((key) => [key, []]));
    console.log(
      `\n${'case'.padEnd(26)} ${CONFIGS.map((k, i) => k.padStart(i === 0 ? 6 : 8)).join(' ')}  (medians: req/s; p95 ms; app CPU ms per request)`,
    );
    for (const c of list) {
      const r = runs[c.name];
      // Throughput cost, and the same as CPU per request (1 - cpu_before / cpu_after: the
      // throughput a CPU-bound process would lose).
      const ratios = r.off.map((off, i) => ({
        metricsCost: 1 - r.metrics[i].rps / off.rps,
        sampledCost: 1 - r.sampled[i].rps / r.metrics[i].rps,
        tracingCost: 1 - r.tracing[i].rps / r.metrics[i].rps,
        bothCost: 1 - r.sampled[i].rps / off.rps,
        metricsCpu: 1 - off.cpuPerRequest / r.metrics[i].cpuPerRequest,
        sampledCpu: 1 - r.metrics[i].cpuPerRequest / r.sampled[i].cpuPerRequest,
        tracingCpu: 1 - r.metrics[i].cpuPerRequest / r.tracing[i].cpuPerRequest,
      }));
      for (const key of Object.keys(all)) all[key].push(...ratios.map((x) => x[key]));
      const median = (k, field) => spread(r[k].map((x) => x[field])).median;
      const row = {
        case: c.name,
        rps: Object.fromEntries(CONFIGS.map((k) => [k, median(k, 'rps')])),
        p95: Object.fromEntries(CONFIGS.map((k) => [k, median(k, 'p95')])),
        cpuPerRequest: Object.fromEntries(CONFIGS.map((k) => [k, median(k, 'cpuPerRequest')])),
        errors: Object.fromEntries(
          CONFIGS.map((k) => [k, r[k].reduce((s, x) => s + x.non2xx + x.errors, 0)]),
        ),
        refusedByStatus: Object.fromEntries(CONFIGS.map((k) => [k, nonOkStatuses(r[k])])),
        ...Object.fromEntries(
          [...COSTS, 'bothCost'].map((key) => [
            key,
            spread(ratios.map((x) => x[key])),
          ]),
        ),
        rounds: ratios,
      };
      summary.push(row);
      console.log(
        `${c.name.padEnd(26)} ${CONFIGS.map((k, i) => fmt(row.rps[k], 0).padStart(i === 0 ? 6 : 8)).join(' ')}` +
          `  (p95 ${CONFIGS.map((k) => fmt(row.p95[k], 0)).join('/')}; ` +
          `CPU ${CONFIGS.map((k) => fmt(row.cpuPerRequest[k], 3)).join('/')})`,
      );
      console.log(`  metrics: throughput ${showSpread(row.metricsCost)}, CPU ${showSpread(row.metricsCpu)}`);
      console.log(`  sampled: throughput ${showSpread(row.sampledCost)}, CPU ${showSpread(row.sampledCpu)} (tracing at its default)`);
      console.log(`  tracing: throughput ${showSpread(row.tracingCost)}, CPU ${showSpread(row.tracingCpu)} (every trace, for reference)`);
      console.log(`  both:    throughput ${showSpread(row.bothCost)} (metrics + default tracing against off)`);
      const errors = CONFIGS.filter((k) => row.errors[k] > 0);
      if (errors.length)
        console.log(
          `  errors: ${errors.map((k) => `${k} ${row.errors[k]} ${JSON.stringify(row.refusedByStatus[k])}`).join(', ')}`,
        );
    }
    // The last spans leave with the batch processor's next round (every 2 s).
    await new Promise((r) => setTimeout(r, 2500));
    const scrapeShare = scrape.cpuMs / (SCRAPE_INTERVAL_S * 1000);
    const spansPerRequest = {};
    for (const config of ['sampled', 'tracing']) {
      const spans = collectors[config].counts().spans;
      const served = apps[config].reduce((s, app) => s + app.served(), 0);
      spansPerRequest[config] = spans / served;
      console.log(
        `\n${config}: the collector received ${spans} spans for ${served} requests (${fmt(spans / served, 2)} per request)`,
      );
    }
    console.log(
      `GET /metrics: ${fmt(scrape.cpuMs)} ms of the app's CPU, ${fmt(scrape.wallMs)} ms (median of ${SCRAPES}); ` +
        `every ${SCRAPE_INTERVAL_S} s that is ${fmt(scrapeShare * 100, 3)}% of one core`,
    );

    const checks = [
      ['metrics', 'throughput', all.metricsCost],
      ['sampled', 'throughput', all.sampledCost],
      ['metrics', 'CPU per request', all.metricsCpu],
      ['sampled', 'CPU per request', all.sampledCpu],
    ].map(([what, measure, values]) => {
      const value = spread(values);
      return {
        label: `${what === 'sampled' ? 'tracing (default sampling)' : what} cost ≤ ${BUDGETS[what] * 100}% (${measure})`,
        value,
        goal: BUDGETS[what],
        met: value.median <= BUDGETS[what],
      };
    });
    const everyTrace = { throughput: spread(all.tracingCost), cpu: spread(all.tracingCpu) };
    // The apps write their CPU profiles as they exit.
    const pids = Object.fromEntries(CONFIGS.map((k) => [k, apps[k].map((app) => app.pid)]));
    for (const app of Object.values(apps).flat()) await app.stop();
    const profiles = profileShares(profileDir, pids, window);
    console.log(
      `\nCPU profiles of the apps during the rounds (pids ${CONFIGS.map((k) => `${k} ${pids[k].join(' ')}`).join(', ')}):`,
    );
    for (const [config, p] of Object.entries(profiles))
      console.log(
        `  ${config.padEnd(8)} ${fmt(p.busyMs / 1000, 1)} s busy: ${pct(p.instrumentationShare)} in metrics/tracing code, ${pct(p.gcShare)} GC` +
          (p.top.length
            ? `; heaviest: ${p.top
                .slice(0, 4)
                .map(([k, ms]) => `${k} ${fmt(ms, 0)} ms`)
                .join(', ')}`
            : ''),
      );
    // A CPU-bound process loses the share of its CPU that instrumentation (and the garbage it
    // makes) takes: a cost that other load on the machine hardly moves.
    const { off, metrics, sampled, tracing } = profiles;
    const over = (a, b) => a.instrumentationShare - b.instrumentationShare + a.gcShare - b.gcShare;
    if (off && metrics && sampled && tracing) {
      // Less off's own share: the request id's OpenTelemetry contexts, which every app makes.
      const profileCosts = { metrics: over(metrics, off), sampled: over(sampled, metrics) };
      everyTrace.profile = over(tracing, metrics);
      for (const what of ['metrics', 'sampled']) {
        const value = profileCosts[what];
        checks.push({
          label: `${what === 'sampled' ? 'tracing (default sampling)' : what} cost ≤ ${BUDGETS[what] * 100}% (share of CPU in profiles, GC difference included)`,
          value: { median: value },
          goal: BUDGETS[what],
          met: value <= BUDGETS[what],
        });
      }
    }
    console.log(
      `\ntargets (throughput and CPU: median of the ${all.metricsCost.length} per-round, per-case ratios)`,
    );
    for (const c of checks)
      console.log(
        `  ${c.met ? 'MET    ' : 'NOT MET'} ${c.label}: ${c.value.p25 === undefined ? pct(c.value.median) : showSpread(c.value)}`,
      );
    console.log(
      `  (every trace recorded, for reference: throughput ${showSpread(everyTrace.throughput)}, CPU ${showSpread(everyTrace.cpu)}` +
        `${everyTrace.profile === undefined ? '' : `, profiles ${pct(everyTrace.profile)}`})`,
    );
    writeResults('observability', {
      profiles,
      rounds: ROUNDS,
      burstSeconds: BURST,
      warmupSeconds: WARMUP,
      connections: CONNECTIONS,
      spansPerRequest,
      everyTrace,
      processes: PROCESSES,
      served: Object.fromEntries(CONFIGS.map((k) => [k, apps[k].map((app) => app.served())])),
      scrape: { ...scrape, intervalSeconds: SCRAPE_INTERVAL_S, shareOfCore: scrapeShare },
      summary,
      targets: checks,
    });
  } finally {
    for (const app of Object.values(apps).flat()) await app.stop().catch(() => {});
    if (!opts.profiles) rmSync(profileDir, { recursive: true, force: true });
    for (const collector of Object.values(collectors)) await collector.close();
    await database.drop().catch(() => {});
  }
}

process.on('SIGINT', () => {
  killChildren();
  process.exit(1);
});
main().catch((error) => {
  console.error(error);
  killChildren();
  process.exit(1);
});

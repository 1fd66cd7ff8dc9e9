#!/usr/bin/env node
// `npm run bench -- overload`: the app past its capacity, in one run per mode.
//
// Phase 1 (alone): 512 connections read GET /api/users/{id}. Phase 2 (storm): the same reads while
// 128 connections sign in with wrong passwords under ever new names (a credential-stuffing flood
// from many addresses: the per-address limit is raised as if each came from its own). It prints
// the reads' req/s, p50, p99, time-outs, 503s and other 5xx alone and in the storm, how sign-ins
// were answered (401 / 429 / 503), the p99 of refused (503) answers (and how many took over 50 ms
// in the storm's first 1.5 s and after), and the app's memory (RSS)
// idle, at the peak and after the load, and each load generator's own event-loop delay (p99: what
// a starved generator adds to the latencies it reports). Targets of the Overload issue are
// checked at the end.
// A benchmark, not a test: the exit code says only whether it could measure.
/* global console, process, setTimeout, setInterval, clearInterval, URL */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { percentile } from './lib/util.mjs';
import {
  BENCH_ADMIN_URL as adminUrl,
  BENCH_AMQP_URL as amqpUrl,
  cpuProfileArgs,
  createDatabase,
  register,
  startApp,
  stopChildren,
} from './lib/harness.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    reads: { type: 'string', default: '512' },
    signins: { type: 'string', default: '128' },
    settle: { type: 'string', default: '10' },
    modes: { type: 'string', default: 'one-process,distributed' },
    prof: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
  allowPositionals: true,
});
if (opts.help) {
  console.log(`usage: npm run bench -- overload [--duration S] [--reads N] [--signins N] [--settle S]
                                [--modes one-process,distributed] [--prof]
--prof writes each app process's V8 CPU profile to bench/results/cpu-profiles/.
PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
RabbitMQ (distributed mode): AMQP_URL (default amqp://guest:guest@127.0.0.1:5672).
The app's own variables (ADMISSION_*, PASSWORD_WORK_*, DB_STATEMENT_TIMEOUT_MS ...) pass through.`);
  process.exit(0);
}
const DURATION = Number(opts.duration);
const READ_CONNECTIONS = Number(opts.reads);
const SIGNIN_CONNECTIONS = Number(opts.signins);
const SETTLE_S = Number(opts.settle);
const MODES = opts.modes.split(',').filter(Boolean);
/** What a client waits before it gives up (the issue's measurement used 10 s). */
const CLIENT_TIMEOUT_S = 10;
const internalToken = randomBytes(24).toString('hex');
const passThrough = Object.fromEntries(
  Object.entries(process.env).filter(([k]) =>
    /^(ADMISSION_|PASSWORD_WORK_|LOGIN_|DB_STATEMENT_TIMEOUT_MS$|RPC_TIMEOUT_MS$|UV_THREADPOOL_SIZE$|MALLOC_ARENA_MAX$|NODE_OPTIONS$|SERVICE_NICE$)/.test(
      k,
    ),
  ),
);
const appEnv = {
  LOG_LEVEL: 'silent',
  INTERNAL_TOKEN: internalToken,
  // As if the load came from many addresses: the per-address limits cannot stop it.
  RATE_LIMIT_AUTH_PER_MINUTE: '100000000',
  RATE_LIMIT_PER_MINUTE: '100000000',
  ...passThrough,
};

// ---------------------------------------------------------------------------------------------
// Memory: resident set of the app's processes, from /proc (MiB).

function rssMiB(pids) {
  let kib = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) kib += Number(match[1]);
    } catch {
      // process gone
    }
  }
  return kib / 1024;
}

/** Seconds after the load at which RSS is noted, to show how fast the process gives memory back. */
const SETTLE_MARKS = [1, 2, 5, 10, 20, 30, 60, 120];

/** Waits --settle seconds after the load, noting RSS at each mark on the way (MiB by second). */
async function settleCurve(pids) {
  const startedAt = Date.now();
  const curve = {};
  for (const mark of SETTLE_MARKS.filter((m) => m < SETTLE_S)) {
    await new Promise((r) => setTimeout(r, Math.max(0, startedAt + mark * 1000 - Date.now())));
    curve[mark] = Math.round(rssMiB(pids));
  }
  await new Promise((r) => setTimeout(r, Math.max(0, startedAt + SETTLE_S * 1000 - Date.now())));
  return curve;
}

function sampleMemory(pids) {
  let peak = rssMiB(pids);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pids))), 200);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMiB(pids));
  };
}

// ---------------------------------------------------------------------------------------------
// Load

/**
 * Runs autocannon in a worker thread each (lib/overload-load-worker.mjs: `kind` 'reads' or
 * 'signins') and keeps every answer's status and time (autocannon's own p99 is bucketed). The
 * threads start their load together once each has loaded: a thread still loading autocannon when
 * another starts would add its start-up to the other's first answers.
 */
async function loadTogether(...generators) {
  const workers = generators.map(
    ([kind, options]) =>
      new Worker(new URL('./lib/overload-load-worker.mjs', import.meta.url), {
        workerData: { kind, timeoutS: CLIENT_TIMEOUT_S, ...options },
      }),
  );
  // Each posts once loaded, then once more with its answers (once() rejects on a worker's error).
  await Promise.all(workers.map((worker) => once(worker, 'message')));
  const done = workers.map((worker) => once(worker, 'message'));
  for (const worker of workers) worker.postMessage('start');
  return (await Promise.all(done)).map(([{ answers, result }]) => summarise(answers, result));
}

/**
 * The storm's start, when 640 new connections arrive at once (the reads' generator opens its own
 * too): refusals slower than 50 ms are counted apart for it, to show whether a p99 is lost there
 * or all along.
 */
const STORM_START_MS = 1500;

function summarise(answers, result) {
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const refusedAnswers = answers.filter((a) => a.status === 503);
  const refused = refusedAnswers.map((a) => a.ms).sort((a, b) => a - b);
  const byStatus = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const ok = answers.filter((a) => a.status >= 200 && a.status < 300).length;
  return {
    answers: answers.length,
    okPerSecond: ok / result.duration,
    rps: answers.length / result.duration,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    byStatus,
    refused503: refused.length,
    refusedP99: percentile(refused, 99),
    other5xx: answers.filter((a) => a.status >= 500 && a.status !== 503).length,
    refusedTimes: refused,
    refusedOver50: {
      start: refusedAnswers.filter((a) => a.at < STORM_START_MS && a.ms > 50).length,
      later: refusedAnswers.filter((a) => a.at >= STORM_START_MS && a.ms > 50).length,
    },
    loopDelayP99Ms: result.loopDelayP99Ms,
  };
}

const reads = (gateway, id, duration, connections = READ_CONNECTIONS) => [
  'reads',
  { url: `${gateway}/api/users/${id}`, connections, duration },
];
const signInStorm = (gateway, duration) => [
  'signins',
  { url: `${gateway}/api/login`, connections: SIGNIN_CONNECTIONS, duration },
];

async function measureMode(mode) {
  const database = await createDatabase(adminUrl);
  let app;
  try {
    app = await startApp(mode, {
      databaseUrl: database.url,
      amqpUrl: mode === 'distributed' ? amqpUrl : undefined,
      env: appEnv,
      execArgv: cpuProfileArgs(opts.prof),
    });
    const { user: target } = await register(app.gateway, 'overload', {
      flavorBuds: ['sushi'],
      cityBuds: ['new york'],
    });
    // Warm the path, then let the process settle before the idle figure.
    await loadTogether(reads(app.gateway, target.id, 2, 8));
    await new Promise((r) => setTimeout(r, 3000));
    const idle = rssMiB(app.pids);
    const idleBreakdown = await app.breakdown?.();
    const stopSampling = sampleMemory(app.pids);

    const [alone] = await loadTogether(reads(app.gateway, target.id, DURATION));
    const [storm, signins] = await loadTogether(
      reads(app.gateway, target.id, DURATION),
      signInStorm(app.gateway, DURATION),
    );
    const peak = stopSampling();
    const settling = await settleCurve(app.pids);
    const after = rssMiB(app.pids);
    const afterBreakdown = await app.breakdown?.();
    const refused = [...storm.refusedTimes, ...signins.refusedTimes, ...alone.refusedTimes].sort(
      (a, b) => a - b,
    );
    return {
      mode,
      alone,
      storm,
      signins,
      refusedP50: percentile(refused, 50),
      refusedP90: percentile(refused, 90),
      refusedP99: percentile(refused, 99),
      refusedCount: refused.length,
      memory: { idle, peak, after, settling, idleBreakdown, afterBreakdown },
    };
  } finally {
    if (app) await app.stop();
    await database.drop().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// Output

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function printReads(label, r) {
  console.log(
    `  ${label.padEnd(16)} ${fmt(r.okPerSecond).padStart(6)} ok/s ${fmt(r.rps).padStart(6)} answers/s` +
      `  p50 ${fmt(r.p50).padStart(5)} ms  p99 ${fmt(r.p99).padStart(5)} ms  time-outs ${r.timeouts}` +
      `  503 ${r.refused503}  other 5xx ${r.other5xx}  errors ${r.errors}  generator delay p99 ${fmt(r.loopDelayP99Ms)} ms`,
  );
}

function report(result) {
  const { mode, alone, storm, signins, memory } = result;
  const ratio = storm.okPerSecond / alone.okPerSecond;
  const signinTotal = signins.answers || 1;
  console.log(
    `\n${mode}: reads ${READ_CONNECTIONS} connections, sign-ins ${SIGNIN_CONNECTIONS}, ${DURATION} s each`,
  );
  printReads('reads alone', alone);
  printReads('reads in storm', storm);
  const signinStatuses = Object.entries(signins.byStatus)
    .map(([s, n]) => `${s} ${n} (${fmt((100 * n) / signinTotal, 1)}%)`)
    .join(', ');
  console.log(
    `  sign-ins         ${fmt(signins.rps)} answers/s: ${signinStatuses}; time-outs ${signins.timeouts};` +
      ` p99 ${fmt(signins.p99)} ms; generator delay p99 ${fmt(signins.loopDelayP99Ms)} ms`,
  );
  console.log(
    `  refused (503) answers p50 ${fmt(result.refusedP50, 1)} ms, p90 ${fmt(result.refusedP90, 1)} ms, p99 ${fmt(result.refusedP99, 1)} ms;` +
      ` sign-ins refused after 50 ms: ${signins.refusedOver50.start} in the storm's first ${STORM_START_MS / 1000} s,` +
      ` ${signins.refusedOver50.later} after (1% of the refusals: ${Math.round(result.refusedCount / 100)})`,
  );
  console.log(
    `  memory (RSS): idle ${fmt(memory.idle)} MiB, peak ${fmt(memory.peak)} MiB, ` +
      `${SETTLE_S} s after ${fmt(memory.after)} MiB (${fmt(memory.after / memory.idle, 2)}x idle)`,
  );
  console.log(
    `  RSS while settling (MiB): ${Object.entries(memory.settling)
      .map(([second, mib]) => `${second} s ${mib}`)
      .join(', ')}, ${SETTLE_S} s ${fmt(memory.after)}`,
  );
  if (memory.idleBreakdown)
    console.log(
      `  memory detail (MiB): idle ${JSON.stringify(memory.idleBreakdown)}\n                       after ${JSON.stringify(memory.afterBreakdown)}`,
    );
  const targets = [
    [`reads in storm >= 0.5x alone (${fmt(ratio, 2)}x)`, ratio >= 0.5],
    [
      `0 time-outs, no 5xx but 503 (reads ${storm.timeouts + alone.timeouts}/${storm.other5xx + alone.other5xx}, sign-ins ${signins.timeouts}/${signins.other5xx})`,
      storm.timeouts + alone.timeouts + signins.timeouts === 0 &&
        storm.other5xx + alone.other5xx + signins.other5xx === 0,
    ],
  ];
  // Live heap after a full GC (the bench's own, in the app's process): garbage is not a leak.
  const heapIdle = memory.idleBreakdown?.afterGc?.heapUsed;
  const heapAfter = memory.afterBreakdown?.afterGc?.heapUsed;
  if (heapIdle && heapAfter)
    targets.push([`heap after a full GC <= 1.1x idle (${fmt(heapAfter / heapIdle, 2)}x)`, heapAfter <= 1.1 * heapIdle]);
  for (const [text, ok] of targets) console.log(`  ${ok ? 'met ' : 'MISS'} ${text}`);
  if (!heapIdle || !heapAfter) console.log('  (heap after a full GC: not measured in this mode; RSS above)');
  // No longer targets (issue 24), printed for comparison with earlier runs.
  console.log(
    `  for reference: refused p99 ${fmt(result.refusedP99, 1)} ms, RSS after ${fmt(memory.after / memory.idle, 2)}x idle`,
  );
  return targets.every(([, ok]) => ok);
}

export async function runOverload() {
  console.log(
    `overload bench: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, node ${process.version}`,
  );
  const results = [];
  for (const mode of MODES) {
    const result = await measureMode(mode);
    result.met = report(result);
    results.push(result);
  }
  const resultsDir = join(repoRoot, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `overload-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const strip = ({ refusedTimes: _t, ...rest }) => rest;
  writeFileSync(
    file,
    JSON.stringify(
      results.map((r) => ({ ...r, alone: strip(r.alone), storm: strip(r.storm), signins: strip(r.signins) })),
      null,
      2,
    ),
  );
  console.log(`\nfigures written to ${file}`);
}

process.on('SIGINT', async () => {
  await stopChildren();
  process.exit(130);
});

/** Stops what was started, for the caller that failed. */
export async function stopAllChildren() {
  await stopChildren();
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runOverload().catch(async (error) => {
    console.error(error);
    await stopAllChildren();
    process.exit(1);
  });
}

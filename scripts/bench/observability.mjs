#!/usr/bin/env node
// `npm run bench` (second part): what metrics and tracing cost. The one-process app (runner/dist)
// runs on one database in three configurations, each a fresh process:
//   off      METRICS_ENABLED=false, no OTEL_EXPORTER_OTLP_ENDPOINT (no hooks at all)
//   metrics  /metrics on its own port, scraped every second as Prometheus would (harder)
//   tracing  metrics, plus every span exported over OTLP/HTTP to a local collector stub
// in the order off, metrics, tracing, tracing, metrics, off (drift on a shared machine falls on
// all alike), each case at 16 requests in flight; the best run of each configuration counts. It
// prints req/s and p95 per case, the cost of metrics (metrics vs off) and of tracing (tracing vs
// metrics), checks the budgets (≤ 5 %, ≤ 15 %) and writes bench/results/.
// A benchmark, not a test: the exit code says only whether it could measure.
/* global console, process, setInterval, clearInterval, fetch, Buffer */
import { createServer } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { createDatabase, killChildren, load, register, startChild, stopChild } from './lib/harness.mjs';
import { freePort, waitFor } from './lib/util.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const libDir = join(repoRoot, 'scripts', 'bench', 'lib');

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '16' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  console.log(`usage: node scripts/bench/observability.mjs [--duration S] [--warmup S] [--connections N]
Needs a build (npm run build). PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL
(default postgres://postgres@127.0.0.1:5432/postgres).`);
  process.exit(0);
}
const DURATION = Number(opts.duration);
const WARMUP = Number(opts.warmup);
const CONNECTIONS = Number(opts.connections);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const internalToken = randomBytes(24).toString('hex');
const BUDGETS = { metrics: 0.05, tracing: 0.15 };
const ORDER = ['off', 'metrics', 'tracing', 'tracing', 'metrics', 'off'];

/** An OTLP/HTTP collector stub: accepts POST /v1/traces (JSON) and counts the spans. */
async function startCollector() {
  let spans = 0;
  let posts = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      posts++;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const rs of body.resourceSpans ?? [])
          for (const ss of rs.scopeSpans ?? []) spans += (ss.spans ?? []).length;
      } catch {
        // A protobuf body would land here; the count then stays a lower bound.
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
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

async function startApp(config, databaseUrl, collectorUrl) {
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
    FRONTEND_DIST: join(repoRoot, 'no-frontend-for-bench'),
    METRICS_ENABLED: config === 'off' ? 'false' : 'true',
    METRICS_PORT: String(metricsPort),
    ...(config === 'tracing' ? { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl } : {}),
  };
  const { child, ready } = startChild(join(libDir, 'all-in-one-child.mjs'), env);
  await ready;
  const gateway = `http://127.0.0.1:${port}`;
  // Scraped every second (Prometheus scrapes every 15 s): the scrape's own cost is included.
  let scrapes = 0;
  const scraper =
    config === 'off'
      ? undefined
      : setInterval(() => {
          fetch(`http://127.0.0.1:${metricsPort}/metrics`)
            .then((r) => r.text())
            .then(() => scrapes++)
            .catch(() => {});
        }, 1000);
  return {
    gateway,
    scrapes: () => scrapes,
    stop: async () => {
      if (scraper) clearInterval(scraper);
      await stopChild(child);
    },
  };
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

async function main() {
  console.log(
    `DineBuds observability cost: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${DURATION} s per run, ${CONNECTIONS} in flight`,
  );
  const database = await createDatabase(adminUrl);
  const collector = await startCollector();
  try {
    // Seed once (a user with 10 followers), with everything off.
    const seedApp = await startApp('off', database.url, collector.url);
    let target;
    try {
      target = await register(seedApp.gateway, 'obstarget');
      await waitFor(
        async () =>
          (await fetch(`${seedApp.gateway}/api/users/${target.user.id}/followers/count`)).status === 200,
        30_000,
      );
      for (let i = 0; i < 10; i++) {
        const fan = await register(seedApp.gateway, 'obsfan');
        await waitFor(async () => {
          const r = await fetch(`${seedApp.gateway}/api/users/${target.user.id}/follow`, {
            method: 'POST',
            headers: { cookie: fan.cookie },
          });
          return r.status === 200 || r.status === 201;
        }, 30_000);
      }
    } finally {
      await seedApp.stop();
    }

    const best = new Map(); // `${config}|${case}` -> best result
    console.log(
      [
        'config'.padEnd(8),
        'case'.padEnd(26),
        'req/s'.padStart(8),
        'p95'.padStart(7),
        'errors'.padStart(7),
      ].join(' '),
    );
    for (const config of ORDER) {
      const before = collector.counts().spans;
      const app = await startApp(config, database.url, collector.url);
      try {
        for (const c of cases(app.gateway, target)) {
          if (WARMUP > 0) await load({ ...c, connections: CONNECTIONS, duration: WARMUP });
          const result = await load({ ...c, connections: CONNECTIONS, duration: DURATION });
          console.log(
            [
              config.padEnd(8),
              c.name.padEnd(26),
              fmt(result.rps, 0).padStart(8),
              fmt(result.p95).padStart(7),
              String(result.non2xx + result.errors).padStart(7),
            ].join(' '),
          );
          const key = `${config}|${c.name}`;
          if (!best.has(key) || best.get(key).rps < result.rps) best.set(key, result);
        }
      } finally {
        await app.stop();
      }
      if (config === 'tracing')
        console.log(`         (collector received ${collector.counts().spans - before} spans)`);
      if (config !== 'off') console.log(`         (/metrics scraped ${app.scrapes()} times)`);
    }

    const summary = [];
    console.log('\ncost (best run of each configuration)');
    for (const c of cases('', target)) {
      const off = best.get(`off|${c.name}`);
      const metrics = best.get(`metrics|${c.name}`);
      const tracing = best.get(`tracing|${c.name}`);
      const row = {
        case: c.name,
        off: off.rps,
        metrics: metrics.rps,
        tracing: tracing.rps,
        metricsCost: 1 - metrics.rps / off.rps,
        tracingCost: 1 - tracing.rps / metrics.rps,
        bothCost: 1 - tracing.rps / off.rps,
      };
      summary.push(row);
      console.log(
        `  ${c.name.padEnd(26)} off ${fmt(row.off, 0)} req/s, metrics ${fmt(row.metrics, 0)} (${fmt(
          row.metricsCost * 100,
          1,
        )}%), +tracing ${fmt(row.tracing, 0)} (${fmt(row.tracingCost * 100, 1)}% more; ${fmt(row.bothCost * 100, 1)}% in all)`,
      );
    }
    const mean = (key) => summary.reduce((s, r) => s + r[key], 0) / summary.length;
    const checks = [
      {
        label: `metrics cost ≤ ${BUDGETS.metrics * 100}%`,
        value: mean('metricsCost'),
        goal: BUDGETS.metrics,
      },
      {
        label: `tracing cost ≤ ${BUDGETS.tracing * 100}%`,
        value: mean('tracingCost'),
        goal: BUDGETS.tracing,
      },
    ].map((c) => ({ ...c, met: c.value <= c.goal }));
    console.log('\ntargets (mean over the cases)');
    for (const c of checks)
      console.log(`  ${c.met ? 'MET    ' : 'NOT MET'} ${c.label}: ${fmt(c.value * 100, 1)}%`);
    const resultsDir = join(repoRoot, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `observability-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          cores: cpus().length,
          loadavg: loadavg(),
          duration: DURATION,
          connections: CONNECTIONS,
          order: ORDER,
          best: Object.fromEntries(best),
          summary,
          targets: checks,
        },
        null,
        2,
      ),
    );
    console.log(`\nwritten to ${file}`);
  } finally {
    await collector.close();
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

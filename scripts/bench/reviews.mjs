#!/usr/bin/env node
// `npm run bench:reviews`: the reviews rows of issue 9 against a bare Fastify + pg baseline on the
// same database, in one run: POST /api/reviews, GET /api/reviews?userId= for a user with 200
// reviews, a restaurant page, and the lag from a review's commit to the reviewer's reviewCount in
// identity (events through RabbitMQ). The app runs `npm start`'s one-process code path (runner/dist)
// on real PostgreSQL and RabbitMQ. A benchmark, not a test: the exit code says only whether it
// could measure. Figures go to bench/results/.
/* global console, process, setTimeout, fetch, performance */
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, percentile, waitFor } from './lib/util.mjs';
import {
  BENCH_ADMIN_URL as adminUrl,
  BENCH_AMQP_URL as amqpUrl,
  benchEnv,
  createDatabase,
  killChildren,
  load,
  register,
  startApp,
  startChild,
  stopChild,
  writeResults,
} from './lib/harness.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const libDir = join(repoRoot, 'scripts', 'bench', 'lib');
const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    'lag-samples': { type: 'string', default: '100' },
    modes: { type: 'string', default: 'one-process,distributed' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  // `npm run bench -- --help` asks every script of the run.
  console.log(`usage: npm run bench:reviews -- [--duration S] [--lag-samples N] [--modes one-process,distributed]
PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
RabbitMQ: AMQP_URL (default amqp://guest:guest@127.0.0.1:5672).`);
  process.exit(0);
}
const MODES = opts.modes.split(',').filter(Boolean);
const DURATION = Number(opts.duration);
const LAG_SAMPLES = Number(opts['lag-samples']);

async function postReview(gateway, cookie, i) {
  const r = await fetch(`${gateway}/api/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      restaurantName: `Bench Bistro ${i % 40}`,
      address: `${i % 40} Broadway, New York, NY`,
      rating: 1 + (i % 5),
      notes: 'cozy and fresh',
    }),
  });
  if (r.status !== 201) throw new Error(`POST /api/reviews answered ${r.status}: ${await r.text()}`);
  return r.json();
}

/** Ms from now until identity's review_count of `userId` equals the user's reviews in reviews. */
async function chainCatchUp(db, userId) {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM reviews.reviews WHERE user_id = $1) AS reviews,
              (SELECT review_count FROM identity.users WHERE id = $1) AS counted`,
      [userId],
    );
    if (rows[0].counted >= rows[0].reviews) return performance.now() - started;
    if (performance.now() - started > 60_000)
      throw new Error(`review counts did not catch up within 60 s: ${JSON.stringify(rows[0])}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const fmt = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '-');

async function measureMode(mode) {
  const database = await createDatabase(adminUrl);
  const app = await startApp(mode, {
    databaseUrl: database.url,
    amqpUrl,
    env: benchEnv(),
  });
  const db = new pg.Client({ connectionString: database.url });
  let bare;
  try {
    const { gateway } = app;
    const writer = await register(gateway, 'benchwriter', { cityBuds: ['new york'] });
    const reader = await register(gateway, 'benchreader', { cityBuds: ['new york'] });
    // The bare server's rows go to a user of their own, so the writer's rows are the app's alone.
    const bareWriter = await register(gateway, 'benchbare', { cityBuds: ['new york'] });
    await db.connect();
    await waitFor(
      async () =>
        (await db.query('SELECT 1 FROM reviews.users WHERE id = $1', [reader.user.id])).rowCount === 1,
      30_000,
    );
    // The reader's 200 reviews, over 40 restaurants (5 reviews each on a restaurant page).
    let first;
    for (let i = 0; i < 200; i++) {
      const review = await postReview(gateway, reader.cookie, i);
      first ??= review;
    }
    const barePort = await freePort();
    bare = startChild(join(libDir, 'bare-reviews-server.mjs'), {
      DATABASE_URL: database.url,
      PORT: String(barePort),
    });
    await bare.ready;
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const body = JSON.stringify({
      restaurantName: 'Load Test Diner',
      address: '1 Wall St, New York, NY',
      rating: 4,
      notes: 'lively',
    });
    const cases = [
      {
        name: 'POST /api/reviews',
        connections: 16,
        app: {
          url: `${gateway}/api/reviews`,
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: writer.cookie },
          body,
        },
        bare: {
          url: `${bareUrl}/reviews`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...JSON.parse(body), userId: bareWriter.user.id }),
        },
        target: { rps: 300, p99: 100 },
        chainOf: writer.user.id,
      },
      {
        name: 'GET /api/reviews?userId= (200)',
        connections: 16,
        app: {
          url: `${gateway}/api/reviews?userId=${reader.user.id}&limit=200`,
          headers: { cookie: writer.cookie },
        },
        bare: { url: `${bareUrl}/reviews?userId=${reader.user.id}&limit=200` },
      },
      {
        name: 'GET /api/restaurants/{id}',
        connections: 16,
        app: { url: `${gateway}/api/restaurants/${first.restaurantId}` },
        bare: { url: `${bareUrl}/restaurants/${first.restaurantId}` },
      },
    ];
    console.log(
      `\n${mode}: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${DURATION} s per run`,
    );
    console.log(
      [
        'case'.padEnd(32),
        'conc'.padStart(4),
        'req/s'.padStart(8),
        'p50'.padStart(7),
        'p99'.padStart(7),
        'bare req/s'.padStart(11),
        'bare p99'.padStart(9),
        'ratio'.padStart(6),
        'failed'.padStart(7),
      ].join(' '),
    );
    const rows = [];
    for (const c of cases) {
      await load({ ...c.bare, connections: c.connections, duration: 1 });
      await load({ ...c.app, connections: c.connections, duration: 1 });
      const b = await load({ ...c.bare, connections: c.connections, duration: DURATION });
      const a = await load({ ...c.app, connections: c.connections, duration: DURATION });
      // The answers do not wait for the event chain (relay, RabbitMQ, identity's tallies): a
      // burst can outrun it. How long it took to catch up says what rate it sustains.
      if (c.chainOf) a.chainCatchUpMs = await chainCatchUp(db, c.chainOf);
      rows.push({
        case: c.name,
        connections: c.connections,
        app: a,
        bare: b,
        ratio: a.rps / b.rps,
        target: c.target,
      });
      console.log(
        [
          c.name.padEnd(32),
          String(c.connections).padStart(4),
          fmt(a.rps, 0).padStart(8),
          fmt(a.p50).padStart(7),
          fmt(a.p99).padStart(7),
          fmt(b.rps, 0).padStart(11),
          fmt(b.p99).padStart(9),
          `${fmt(a.rps / b.rps)}x`.padStart(6),
          String(a.non2xx + a.errors).padStart(7),
        ].join(' '),
      );
    }

    // Lag: the POST answers after its transaction committed; from then until identity's
    // review_count shows the review (outbox relay -> RabbitMQ -> identity's inbox transaction).
    const lagger = await register(gateway, 'benchlag', { cityBuds: ['new york'] });
    await waitFor(
      async () =>
        (await db.query('SELECT 1 FROM reviews.users WHERE id = $1', [lagger.user.id])).rowCount === 1,
      30_000,
    );
    const lags = [];
    for (let i = 0; i < LAG_SAMPLES; i++) {
      await postReview(gateway, lagger.cookie, i);
      const committed = performance.now();
      for (;;) {
        const { rows: counted } = await db.query('SELECT review_count FROM identity.users WHERE id = $1', [
          lagger.user.id,
        ]);
        if (counted[0].review_count >= i + 1) break;
        if (performance.now() - committed > 10_000) throw new Error('reviewCount did not follow within 10 s');
        await new Promise((r) => setTimeout(r, 2));
      }
      lags.push(performance.now() - committed);
    }
    lags.sort((a, b) => a - b);
    const lag = {
      samples: lags.length,
      p50: percentile(lags, 50),
      p99: percentile(lags, 99),
      max: lags[lags.length - 1],
    };
    console.log(
      `\nreview commit -> identity reviewCount (RabbitMQ): p50 ${fmt(lag.p50)} ms, p99 ${fmt(lag.p99)} ms, max ${fmt(lag.max)} ms over ${lag.samples}`,
    );

    const post = rows[0];
    const sustained = (post.app.rps * DURATION) / (DURATION + post.app.chainCatchUpMs / 1000);
    console.log(
      `POST /api/reviews: identity's review counts caught up ${fmt(post.app.chainCatchUpMs, 0)} ms after the load (${fmt(sustained, 0)} reviews/s end to end)`,
    );
    console.log('\ntargets');
    console.log(
      `  ${post.app.rps >= 300 ? 'MET    ' : 'NOT MET'} POST /api/reviews ≥ 300 req/s: ${fmt(post.app.rps, 0)}`,
    );
    console.log(
      `  ${post.app.p99 <= 100 ? 'MET    ' : 'NOT MET'} POST /api/reviews p99 ≤ 100 ms: ${fmt(post.app.p99)}`,
    );
    console.log(`  ${lag.p99 <= 1000 ? 'MET    ' : 'NOT MET'} reviewCount lag p99 ≤ 1 s: ${fmt(lag.p99)} ms`);
    return { mode, rows, lag };
  } finally {
    await db.end().catch(() => {});
    if (bare) await stopChild(bare.child);
    await app.stop();
    await database.drop().catch(() => {});
  }
}

async function main() {
  console.log(`DineBuds reviews benchmark, modes: ${MODES.join(', ')}`);
  const results = [];
  for (const mode of MODES) results.push(await measureMode(mode));
  writeResults('reviews', { duration: DURATION, results });
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

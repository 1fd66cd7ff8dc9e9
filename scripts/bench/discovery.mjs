#!/usr/bin/env node
// `npm run bench:discovery`: the discovery rows of issue 25 beside a bare Fastify + pg server
// answering the same reads from the same tables, in one run. Data from a seeded, repeatable
// generator (lib/discovery-data.mjs): first 1,000 users (20,000 reviews), measured; then 9,000
// more (200,000 reviews in all, each user following 50-200 others), measured again, the viewer
// following the same 125 people throughout, so the second stage shows how each read grows with
// the table rather than with the people followed. Then the lag from a bud's new review to the
// viewer's ranking. The app runs `npm start`'s one-process code path (runner/dist) on real
// PostgreSQL and RabbitMQ. A benchmark, not a test: the exit code says only whether it could
// measure. Figures go to bench/results/.
/* global console, process, fetch, performance, setTimeout */
import { mkdirSync, readdirSync } from 'node:fs';
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
  cpuProfileArgs,
  CPU_PROFILE_DIR,
  createDatabase,
  killChildren,
  load,
  register,
  startApp,
  startChild,
  stopChild,
  writeResults,
} from './lib/harness.mjs';
import { followBuds, seedRestaurants, seedUsers, tableSizes } from './lib/discovery-data.mjs';
import { printLayerSplit } from './lib/cpuprofile.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const libDir = join(repoRoot, 'scripts', 'bench', 'lib');
const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    users: { type: 'string', default: '10000' },
    'first-stage': { type: 'string', default: '1000' },
    'reviews-per-user': { type: 'string', default: '20' },
    buds: { type: 'string', default: '125' },
    'lag-samples': { type: 'string', default: '50' },
    viewers: { type: 'string', default: '200' },
    mode: { type: 'string', default: 'one-process' },
    'keep-database': { type: 'boolean', default: false },
    cases: { type: 'string', default: '' },
    prof: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  console.log(`usage: npm run bench:discovery -- [--duration S] [--users N] [--first-stage N]
       [--reviews-per-user N] [--buds N] [--lag-samples N] [--mode one-process|distributed]
       [--keep-database]  (leaves the seeded database for EXPLAIN; its URL is printed)
       [--cases a,b]      (only the cases whose names contain one of these words; targets need the viewers rows)
       [--prof]           (the app writes a V8 CPU profile; its split by layer is printed at the end)
PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).`);
  process.exit(0);
}
const DURATION = Number(opts.duration);
const USERS = Number(opts.users);
const FIRST_STAGE = Math.min(Number(opts['first-stage']), USERS);
const PER_USER = Number(opts['reviews-per-user']);
const BUDS = Number(opts.buds);
const LAG_SAMPLES = Number(opts['lag-samples']);
/** Extra viewers (each following BUDS people) the "many viewers" rows spread their requests over. */
const VIEWERS = Number(opts.viewers);
/** The snapshot keys the reviews service stores these reads under (discovery.service.ts). */
const RANKED_KEY = 'ranked:top-rated:new york:New York';
const FEED_KEY = 'feed:20:';
const SEED = 0.2026;
const CONNECTIONS = 16;
/** What every browser sends; the "gzip" rows ask with it, the others without. */
const GZIP = { 'accept-encoding': 'gzip' };
/** Issue 25's targets on a 2-core machine. */
const TARGETS = { rankedRps: 1000, rankedP99: 60, rankedRatio: 0.33, feedRps: 800, lagP99: 1000 };

const fmt = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '-');

/** Each request of a load from the next of `viewers`, round robin: `pathOf(viewer)`, their cookie. */
function rotating(viewers, pathOf) {
  let next = 0;
  return () => {
    const viewer = viewers[next++ % viewers.length];
    return { path: pathOf(viewer), headers: { cookie: viewer.cookie } };
  };
}

function cases(gateway, bareUrl, viewer, restaurantId, crowd, feedCursor) {
  const auth = { headers: { cookie: viewer.cookie } };
  const v = viewer.user.id;
  const snapshot = (key, id = v) => `/snapshot?viewer=${id}&key=${encodeURIComponent(key)}`;
  const rankedPath = '/api/restaurants/ranked?city=new%20york';
  return [
    {
      name: 'ranked list (new york)',
      app: { url: `${gateway}${rankedPath}`, ...auth },
      bare: { url: `${bareUrl}${snapshot(RANKED_KEY)}` },
    },
    {
      // With a position the answer is the caller's alone: read in full on every request, beside
      // the bare server's full read (the cost of a snapshot miss, under load).
      name: 'ranked, full read',
      app: { url: `${gateway}${rankedPath}&lat=40.75&lng=-73.99`, ...auth },
      bare: { url: `${bareUrl}/ranked?viewer=${v}&city=new%20york` },
    },
    {
      name: `ranked, ${crowd.length} viewers`,
      app: { url: `${gateway}${rankedPath}`, vary: rotating(crowd, () => rankedPath) },
      bare: { url: `${bareUrl}/`, vary: rotating(crowd, (c) => snapshot(RANKED_KEY, c.user.id)) },
    },
    {
      // As a browser asks: Accept-Encoding: gzip. The app sends the gzip stored with the snapshot;
      // the bare server sends the same stored column.
      name: `ranked, ${crowd.length} viewers, gzip`,
      app: { url: `${gateway}${rankedPath}`, headers: GZIP, vary: rotating(crowd, () => rankedPath) },
      bare: {
        url: `${bareUrl}/`,
        headers: GZIP,
        vary: rotating(crowd, (c) => snapshot(RANKED_KEY, c.user.id)),
      },
    },
    {
      name: 'feed (first page)',
      app: { url: `${gateway}/api/activity/feed`, ...auth },
      bare: { url: `${bareUrl}${snapshot(FEED_KEY)}` },
    },
    {
      // A later page is read live on every request (the first page's cost on a snapshot miss),
      // beside the bare server's full first-page read.
      name: 'feed, full read (page 2)',
      app: { url: `${gateway}/api/activity/feed?cursor=${encodeURIComponent(feedCursor)}`, ...auth },
      bare: { url: `${bareUrl}/feed?viewer=${v}` },
    },
    {
      name: `feed, ${crowd.length} viewers`,
      app: { url: `${gateway}/api/activity/feed`, vary: rotating(crowd, () => '/api/activity/feed') },
      bare: { url: `${bareUrl}/`, vary: rotating(crowd, (c) => snapshot(FEED_KEY, c.user.id)) },
    },
    {
      name: `feed, ${crowd.length} viewers, gzip`,
      app: {
        url: `${gateway}/api/activity/feed`,
        headers: GZIP,
        vary: rotating(crowd, () => '/api/activity/feed'),
      },
      bare: {
        url: `${bareUrl}/`,
        headers: GZIP,
        vary: rotating(crowd, (c) => snapshot(FEED_KEY, c.user.id)),
      },
    },

    {
      name: 'recommendations',
      app: { url: `${gateway}/api/recommendations`, ...auth },
      bare: { url: `${bareUrl}/recommendations?viewer=${v}` },
    },
    {
      name: 'restaurant search (typo)',
      app: { url: `${gateway}/api/restaurants/search?q=itallian%20kitchen`, ...auth },
      bare: { url: `${bareUrl}/search?viewer=${v}&q=itallian%20kitchen` },
    },
    {
      name: 'restaurant page',
      app: { url: `${gateway}/api/restaurants/${restaurantId}`, ...auth },
      bare: { url: `${bareUrl}/restaurants/${restaurantId}` },
    },
  ];
}

/** Each case: throughput at 16 in flight beside the bare server, and one request at a time. */
async function measureStage(label, list) {
  console.log(
    `\n${label}: load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${DURATION} s per run, ${CONNECTIONS} in flight`,
  );
  console.log(
    [
      'case'.padEnd(26),
      'req/s'.padStart(7),
      'p50'.padStart(6),
      'p99'.padStart(7),
      'bare req/s'.padStart(11),
      'bare p99'.padStart(9),
      'ratio'.padStart(6),
      'alone ms'.padStart(9),
      'failed'.padStart(7),
    ].join(' '),
  );
  const rows = [];
  for (const c of list) {
    // The app first: its reads store the snapshots the bare server's snapshot rows read.
    await load({ ...c.app, connections: CONNECTIONS, duration: 1 });
    await load({ ...c.bare, connections: CONNECTIONS, duration: 1 });
    const bare = await load({ ...c.bare, connections: CONNECTIONS, duration: DURATION });
    const app = await load({ ...c.app, connections: CONNECTIONS, duration: DURATION });
    // One at a time: the read's own time, which is what grows with the data.
    const alone = await load({ ...c.app, connections: 1, duration: Math.min(2, DURATION) });
    const row = { case: c.name, app, bare, alone, ratio: app.rps / bare.rps };
    rows.push(row);
    console.log(
      [
        c.name.padEnd(26),
        fmt(app.rps, 0).padStart(7),
        fmt(app.p50, 1).padStart(6),
        fmt(app.p99, 1).padStart(7),
        fmt(bare.rps, 0).padStart(11),
        fmt(bare.p99, 1).padStart(9),
        `${fmt(row.ratio)}x`.padStart(6),
        fmt(alone.p50, 2).padStart(9),
        String(app.non2xx + app.errors).padStart(7),
      ].join(' '),
    );
    // A failure is reported with its statuses, so a refusal (503) reads apart from an error.
    if (app.non2xx + app.errors > 0)
      console.log(`  ${c.name}: answers by status ${JSON.stringify(app.statuses)}`);
  }
  return rows;
}

/** Each viewer's ranked list and feed read once, so their snapshots are stored before measuring. */
async function warmSnapshots(gateway, viewers) {
  const started = performance.now();
  for (const viewer of viewers)
    for (const path of ['/api/restaurants/ranked?city=new%20york', '/api/activity/feed']) {
      const answer = await fetch(`${gateway}${path}`, { headers: { cookie: viewer.cookie } });
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
      await answer.arrayBuffer();
    }
  console.log(
    `read ${viewers.length} viewers' ranked lists and feeds once in ${fmt((performance.now() - started) / 1000, 1)} s`,
  );
}

/**
 * fetch, once more when a kept-alive socket was closed by the server as it was reused (Node's idle
 * keep-alive race after the load's pauses). A repeated review post is harmless to the lag sample.
 */
async function fetchOnceMore(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** A bud posts a review; ms until the viewer's ranked list shows it (same service, same database). */
async function reviewToRankingLag(gateway, viewer, bud, db) {
  await db.query(
    'INSERT INTO reviews.follows (follower_id, following_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [viewer.user.id, bud.user.id],
  );
  const lags = [];
  for (let i = 0; i < LAG_SAMPLES; i++) {
    const name = `Lag Bistro ${i}`;
    const posted = await fetchOnceMore(`${gateway}/api/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: bud.cookie },
      body: JSON.stringify({
        restaurantName: name,
        address: `${i} Lag St, Boston, MA`,
        rating: 5,
        notes: 'x',
      }),
    });
    if (posted.status !== 201)
      throw new Error(`POST /api/reviews answered ${posted.status}: ${await posted.text()}`);
    const committed = performance.now();
    for (;;) {
      const r = await fetchOnceMore(`${gateway}/api/restaurants/ranked?city=boston`, {
        headers: { cookie: viewer.cookie },
      });
      const list = await r.json();
      if (Array.isArray(list) && list.some((entry) => entry.name === name)) break;
      if (performance.now() - committed > 10_000) throw new Error(`${name} not in the ranking after 10 s`);
      await new Promise((done) => setTimeout(done, 5));
    }
    lags.push(performance.now() - committed);
  }
  lags.sort((a, b) => a - b);
  return { samples: lags.length, p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) };
}

/**
 * What a review's insert pays for the read-version triggers (migration 1734100000050): the same
 * single-row INSERT by the most-followed person, timed with the trigger on and off (each insert
 * rolled back, so the data stays as measured). The bump is one upsert per follower.
 */
async function reviewWriteCost(db, restaurantId, samples = 200) {
  const { rows } = await db.query(
    'SELECT following_id AS id, count(*)::int AS followers FROM reviews.follows GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
  );
  const author = rows[0];
  const timeInserts = async () => {
    const times = [];
    for (let i = 0; i < samples; i++) {
      await db.query('BEGIN');
      const started = performance.now();
      await db.query(
        'INSERT INTO reviews.reviews (user_id, restaurant_id, rating, notes) VALUES ($1, $2, 4, $3)',
        [author.id, restaurantId, 'write cost'],
      );
      times.push(performance.now() - started);
      await db.query('ROLLBACK');
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99) };
  };
  const withTrigger = await timeInserts();
  await db.query('ALTER TABLE reviews.reviews DISABLE TRIGGER reviews_read_versions_insert');
  try {
    const without = await timeInserts();
    return { followers: author.followers, withTrigger, without };
  } finally {
    await db.query('ALTER TABLE reviews.reviews ENABLE TRIGGER reviews_read_versions_insert');
  }
}

async function main() {
  console.log(
    `DineBuds discovery benchmark: ${cpus().length} cores, ${opts.mode}, ${USERS} users x ${PER_USER} reviews, viewer follows ${BUDS}`,
  );
  const database = await createDatabase(adminUrl);
  mkdirSync(CPU_PROFILE_DIR, { recursive: true });
  const profilesBefore = new Set(readdirSync(CPU_PROFILE_DIR));
  const app = await startApp(opts.mode, {
    databaseUrl: database.url,
    amqpUrl,
    env: benchEnv(),
    execArgv: cpuProfileArgs(opts.prof),
  });
  const db = new pg.Client({ connectionString: database.url });
  let bare;
  try {
    const { gateway } = app;
    const viewer = await register(gateway, 'benchviewer', { cityBuds: ['new york'] });
    const bud = await register(gateway, 'benchbud', { cityBuds: ['boston'] });
    await db.connect();
    await waitFor(
      async () =>
        (await db.query('SELECT 1 FROM reviews.users WHERE id = ANY($1)', [[viewer.user.id, bud.user.id]]))
          .rowCount === 2,
      30_000,
    );
    const firstRestaurantId = await seedRestaurants(db, SEED);
    const seeded = [];
    const firstSeconds = await seedUsers(db, {
      from: 0,
      to: FIRST_STAGE - 1,
      reviewsPerUser: PER_USER,
      firstRestaurantId,
      seed: SEED,
    });
    await followBuds(db, viewer.user.id, { count: BUDS, among: FIRST_STAGE, seed: SEED });
    seeded.push({ users: FIRST_STAGE, seconds: firstSeconds, sizes: await tableSizes(db) });
    console.log(`seeded stage 1 in ${fmt(firstSeconds, 1)} s: ${JSON.stringify(seeded[0].sizes)}`);

    const barePort = await freePort();
    bare = startChild(join(libDir, 'bare-discovery-server.mjs'), {
      DATABASE_URL: database.url,
      PORT: String(barePort),
    });
    await bare.ready;
    const bareUrl = `http://127.0.0.1:${barePort}`;
    // The crowd: VIEWERS more people, each following BUDS of the first stage's users.
    const crowd = [];
    for (let i = 0; i < VIEWERS; i++) {
      const member = await register(gateway, 'benchcrowd');
      await followBuds(db, member.user.id, { count: BUDS, among: FIRST_STAGE, seed: SEED / (i + 2) });
      crowd.push(member);
    }
    const firstPage = await (
      await fetch(`${gateway}/api/activity/feed`, { headers: { cookie: viewer.cookie } })
    ).json();
    if (!firstPage.nextCursor) throw new Error("the viewer's feed has no second page");
    const wanted = opts.cases ? opts.cases.split(',') : [];
    const list = cases(gateway, bareUrl, viewer, firstRestaurantId, crowd, firstPage.nextCursor).filter(
      (c) => wanted.length === 0 || wanted.some((word) => c.name.includes(word)),
    );
    await warmSnapshots(gateway, [viewer, ...crowd]);
    const stages = [{ users: FIRST_STAGE, rows: await measureStage(`${FIRST_STAGE} users`, list) }];

    if (USERS > FIRST_STAGE) {
      const moreSeconds = await seedUsers(db, {
        from: FIRST_STAGE,
        to: USERS - 1,
        reviewsPerUser: PER_USER,
        firstRestaurantId,
        seed: SEED / 2,
      });
      seeded.push({ users: USERS, seconds: moreSeconds, sizes: await tableSizes(db) });
      console.log(
        `\nseeded stage 2 in ${fmt(moreSeconds, 1)} s (${fmt(firstSeconds + moreSeconds, 1)} s in all): ${JSON.stringify(seeded[1].sizes)}`,
      );
      await warmSnapshots(gateway, [viewer, ...crowd]);
      stages.push({ users: USERS, rows: await measureStage(`${USERS} users`, list) });
      console.log(
        `\nhow each read grows from ${FIRST_STAGE} to ${USERS} users (same ${BUDS} people followed):`,
      );
      for (const [i, row] of stages[1].rows.entries()) {
        const before = stages[0].rows[i];
        console.log(
          `  ${row.case.padEnd(26)} alone ${fmt(before.alone.p50, 2)} -> ${fmt(row.alone.p50, 2)} ms (x${fmt(row.alone.p50 / before.alone.p50)}),` +
            ` req/s ${fmt(before.app.rps, 0)} -> ${fmt(row.app.rps, 0)}`,
        );
      }
    }

    const lag = await reviewToRankingLag(gateway, viewer, bud, db);
    console.log(
      `\nbud's new review -> viewer's ranking: p50 ${fmt(lag.p50)} ms, p99 ${fmt(lag.p99)} ms, max ${fmt(lag.max)} ms over ${lag.samples}`,
    );

    const writeCost = await reviewWriteCost(db, firstRestaurantId);
    console.log(
      `a review's insert by a person with ${writeCost.followers} followers: p50 ${fmt(writeCost.withTrigger.p50, 2)} ms, p99 ${fmt(writeCost.withTrigger.p99, 2)} ms` +
        ` with the read-version trigger, p50 ${fmt(writeCost.without.p50, 2)} ms, p99 ${fmt(writeCost.without.p99, 2)} ms without`,
    );

    // The targets are checked on the many-viewer rows: one viewer's snapshot is always current.
    const final = stages.at(-1).rows;
    // Judged as browsers ask (gzip rows); the plain rows' figures are printed beside them.
    const row = (kind, gzip) =>
      final.find((r) => r.case.startsWith(`${kind},`) && r.case.endsWith(gzip ? 'viewers, gzip' : 'viewers'));
    const ranked = row('ranked', true);
    const feed = row('feed', true);
    const plain = { ranked: row('ranked', false), feed: row('feed', false) };
    if (!ranked || !feed) console.log('\ntargets not judged: --cases left out a gzip viewers row');
    else {
      console.log(
        `\ntargets (${stages.at(-1).users} users, requests spread over ${VIEWERS} viewers, Accept-Encoding: gzip as browsers send)`,
      );
      const line = (met, text) => console.log(`  ${met ? 'MET    ' : 'NOT MET'} ${text}`);
      line(
        ranked.app.rps >= TARGETS.rankedRps,
        `ranked list ≥ ${TARGETS.rankedRps} req/s: ${fmt(ranked.app.rps, 0)}`,
      );
      line(
        ranked.app.p99 <= TARGETS.rankedP99,
        `ranked list p99 ≤ ${TARGETS.rankedP99} ms: ${fmt(ranked.app.p99, 1)}`,
      );
      line(
        ranked.ratio >= TARGETS.rankedRatio,
        `ranked list ≥ ${TARGETS.rankedRatio}x the bare server: ${fmt(ranked.ratio)}x`,
      );
      line(feed.app.rps >= TARGETS.feedRps, `feed ≥ ${TARGETS.feedRps} req/s: ${fmt(feed.app.rps, 0)}`);
      line(lag.p99 <= TARGETS.lagP99, `new review in a follower's ranking p99 ≤ 1 s: ${fmt(lag.p99)} ms`);
      if (plain.ranked && plain.feed)
        console.log(
          `  (a client without gzip: ranked ${fmt(plain.ranked.app.rps, 0)} req/s, p99 ${fmt(plain.ranked.app.p99, 1)} ms,` +
            ` ${fmt(plain.ranked.ratio)}x; feed ${fmt(plain.feed.app.rps, 0)} req/s)`,
        );
    }
    writeResults('discovery', { mode: opts.mode, duration: DURATION, seeded, stages, lag, writeCost });
  } finally {
    await db.end().catch(() => {});
    if (bare) await stopChild(bare.child);
    await app.stop();
    if (opts.prof) printLayerSplit(app, profilesBefore, CPU_PROFILE_DIR);
    if (opts['keep-database']) console.log(`\ndatabase kept: ${database.url}`);
    else await database.drop().catch(() => {});
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

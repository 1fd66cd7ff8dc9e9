#!/usr/bin/env node
// `node scripts/bench/cpu-split.mjs`: where a request's CPU goes. Loads POST /api/reviews (or
// another case: a user's reviews, a message sent round-robin to 99 people) for a while and prints the CPU seconds each process spent per request: the
// gateway and every service (their own /proc figures), PostgreSQL and RabbitMQ (all their
// processes), the load generator; and the database transactions and rows written per request.
// On a shared machine req/s wanders with the neighbours; CPU per request says which layer to cut.
// --prof writes each app process's V8 CPU profile (.cpuprofile, open in Chrome DevTools) to
// bench/results/cpu-profiles/. A benchmark, not a test: the exit code says only whether it could measure.
/* global console, process, setTimeout, URL, fetch */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { printLayerSplit } from './lib/cpuprofile.mjs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  BENCH_ADMIN_URL as adminUrl,
  BENCH_AMQP_URL as amqpUrl,
  benchEnv,
  cpuProfileArgs,
  CPU_PROFILE_DIR,
  createDatabase,
  load,
  register,
  startApp,
} from './lib/harness.mjs';

const { values: opts } = parseArgs({
  options: {
    mode: { type: 'string', default: 'distributed' },
    case: { type: 'string', default: 'post-review' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '16' },
    prof: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  console.log(`usage: node scripts/bench/cpu-split.mjs [--mode distributed|one-process]
       [--case post-review|get-user|user-reviews|send-message] [--duration S] [--connections N] [--prof]`);
  process.exit(0);
}

/** CPU seconds (user + system) of one process, from /proc (clock ticks of 1/100 s on Linux). */
function processCpu(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of every process of a system user (postgres, rabbitmq) now alive; 0 when none. */
function userCpu(user) {
  let pids;
  try {
    pids = execFileSync('ps', ['-u', user, '-o', 'pid='], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.trim());
  } catch {
    return 0;
  }
  let sum = 0;
  for (const pid of pids) {
    try {
      sum += processCpu(pid.trim());
    } catch {
      // It ended between the listing and the reading (a PostgreSQL backend that closed).
    }
  }
  return sum;
}

/**
 * Each new profile (Node writes them as CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile when the
 * processes stop) split by layer: where each process's CPU went.
 */

mkdirSync(CPU_PROFILE_DIR, { recursive: true });
const profilesBefore = new Set(readdirSync(CPU_PROFILE_DIR));
const database = await createDatabase(adminUrl);
const app = await startApp(opts.mode, {
  databaseUrl: database.url,
  amqpUrl,
  env: benchEnv(),
  execArgv: cpuProfileArgs(opts.prof),
});
const db = new pg.Client({ connectionString: adminUrl });

/** POST /api/messages/send from `writer` to 99 people in turn, once messaging knows them all. */
async function sendMessageCase(writer) {
  const peers = [];
  for (let i = 0; i < 99; i++) peers.push((await register(app.gateway, 'cpupeer')).user.id);
  const appDb = new pg.Client({ connectionString: database.url });
  await appDb.connect();
  try {
    const ids = [writer.user.id, ...peers];
    for (let tries = 0; ; tries++) {
      const known = await appDb.query('SELECT 1 FROM messaging.users WHERE id = ANY($1)', [ids]);
      if (known.rowCount === ids.length) break;
      if (tries > 600) throw new Error('messaging did not learn the people in 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await appDb.end();
  }
  let next = 0;
  return {
    url: `${app.gateway}/api/messages/send`,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: writer.cookie },
    bodies: () => JSON.stringify({ receiverId: peers[next++ % peers.length], content: 'load' }),
  };
}

try {
  await db.connect();
  const writer = await register(app.gateway, 'cpusplit');
  const review = {
    url: `${app.gateway}/api/reviews`,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: writer.cookie },
    body: JSON.stringify({
      restaurantName: 'Load Test Diner',
      address: '1 Wall St, New York, NY',
      rating: 4,
      notes: 'lively',
    }),
  };
  const cases = {
    'post-review': review,
    // The request path's read (issue 28): one user row by id, as another signed-in person asks.
    'get-user': {
      url: `${app.gateway}/api/users/${writer.user.id}`,
      headers: { cookie: writer.cookie },
    },
    'user-reviews': {
      url: `${app.gateway}/api/reviews?userId=${writer.user.id}&limit=200`,
      headers: { cookie: writer.cookie },
    },
  };
  if (opts.case === 'send-message') cases['send-message'] = await sendMessageCase(writer);
  const request = cases[opts.case];
  if (!request) throw new Error(`unknown case ${opts.case}: ${Object.keys(cases).join(', ')}, send-message`);
  if (opts.case === 'user-reviews') {
    // The writer's 200 reviews, for the list to read.
    for (let i = 0; i < 200; i++) {
      const answer = await fetch(review.url, { method: 'POST', headers: review.headers, body: review.body });
      if (answer.status !== 201) throw new Error(`POST /api/reviews answered ${answer.status}`);
    }
  }
  const connections = Number(opts.connections);
  await load({ ...request, connections, duration: 2 }); // warm-up

  const dbName = new URL(database.url).pathname.slice(1);
  const dbStats = async () =>
    (
      await db.query(
        `SELECT xact_commit + xact_rollback AS transactions, tup_inserted AS inserted, tup_updated AS updated
         FROM pg_stat_database WHERE datname = $1`,
        [dbName],
      )
    ).rows[0];
  const names = app.names;
  const statsBefore = await dbStats();
  const appBefore = app.pids.map(processCpu);
  const [pgBefore, rabbitBefore] = [userCpu('postgres'), userCpu('rabbitmq')];
  const loaderBefore = process.cpuUsage();
  const result = await load({ ...request, connections, duration: Number(opts.duration) });
  const loader = process.cpuUsage(loaderBefore);
  const appAfter = app.pids.map(processCpu);
  const [pgAfter, rabbitAfter] = [userCpu('postgres'), userCpu('rabbitmq')];
  // PostgreSQL's statistics reach pg_stat_database within about a second.
  await new Promise((r) => setTimeout(r, 1_500));
  const statsAfter = await dbStats();

  const n = result.requests;
  const perRequest = (seconds) => `${((seconds * 1e6) / n).toFixed(0).padStart(6)} µs`;
  console.log(
    `${opts.mode}, ${opts.case}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${n} requests, non-2xx ${result.non2xx}`,
  );
  console.log('CPU per request');
  names.forEach((name, i) => console.log(`  ${name.padEnd(13)} ${perRequest(appAfter[i] - appBefore[i])}`));
  console.log(`  ${'postgresql'.padEnd(13)} ${perRequest(pgAfter - pgBefore)}`);
  console.log(`  ${'rabbitmq'.padEnd(13)} ${perRequest(rabbitAfter - rabbitBefore)}`);
  console.log(`  ${'load'.padEnd(13)} ${perRequest((loader.user + loader.system) / 1e6)}`);
  const per = (key) => ((statsAfter[key] - statsBefore[key]) / n).toFixed(2);
  console.log(
    `database per request: ${per('transactions')} transactions, ${per('inserted')} rows inserted, ${per('updated')} updated`,
  );
} finally {
  await db.end().catch(() => undefined);
  await app.stop();
  await database.drop();
  if (opts.prof) printLayerSplit(app, profilesBefore, CPU_PROFILE_DIR);
}

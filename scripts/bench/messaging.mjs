#!/usr/bin/env node
// `npm run bench:messaging`: the messaging rows of issue 26 beside a bare Fastify + pg server on
// the same tables, in one run: sends spread over 100 pairs and sends within one pair, the inbox
// (100 conversations), a conversation's newest page and the unread count, at 16 in flight; then
// the live push with 200 streams open: ms from a send's answer to the message's event on the
// receiver's stream (server-sent events through the gateway, fed by
// RabbitMQ in the distributed mode). The app runs `npm start`'s code path (runner/dist) on real
// PostgreSQL and RabbitMQ. A benchmark, not a test: the exit code says only whether it could
// measure. Figures go to bench/results/.
/* global console, process, fetch, performance, setTimeout, TextDecoder, AbortController */
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
    'stream-samples': { type: 'string', default: '50' },
    modes: { type: 'string', default: 'one-process,distributed' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  console.log(`usage: npm run bench:messaging -- [--duration S] [--stream-samples N] [--modes one-process,distributed]
PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
RabbitMQ: AMQP_URL (default amqp://guest:guest@127.0.0.1:5672).`);
  process.exit(0);
}
const MODES = opts.modes.split(',').filter(Boolean);
const DURATION = Number(opts.duration);
const STREAM_SAMPLES = Number(opts['stream-samples']);
const CONNECTIONS = 16;
const INBOX_SIZE = 100;
/** Streams open while the push is timed (issue 26: 200), two per other person. */
const OPEN_STREAMS = 200;
const TARGETS = { pushP99: 200, sendRps: 500 };

const fmt = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '-');

async function send(gateway, from, toId, content) {
  const r = await fetch(`${gateway}/api/messages/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: from.cookie },
    body: JSON.stringify({ receiverId: toId, content, messageType: 'text' }),
  });
  if (r.status !== 201) throw new Error(`POST /api/messages/send answered ${r.status}: ${await r.text()}`);
  return r.json();
}

/** The receiver's open stream: resolves each awaited content when its `message` event arrives. */
async function openStream(gateway, receiver) {
  const controller = new AbortController();
  const response = await fetch(`${gateway}/api/messages/stream`, {
    headers: { cookie: receiver.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`GET /api/messages/stream answered ${response.status}`);
  const waiting = new Map();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (!frame.includes('event: message') || !data) continue;
          const arrived = performance.now();
          const { content } = JSON.parse(data);
          waiting.get(content)?.(arrived);
          waiting.delete(content);
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
  return {
    arrival: (content) => new Promise((resolveArrival) => waiting.set(content, resolveArrival)),
    close: () => controller.abort(),
  };
}

async function measureMode(mode) {
  const database = await createDatabase(adminUrl);
  const app = await startApp(mode, { databaseUrl: database.url, amqpUrl, env: benchEnv() });
  const db = new pg.Client({ connectionString: database.url });
  let bare;
  try {
    const { gateway } = app;
    const a = await register(gateway, 'benchsender', { cityBuds: ['boston'] });
    const b = await register(gateway, 'benchreceiver', { cityBuds: ['boston'] });
    const others = [];
    for (let i = 0; i < INBOX_SIZE - 1; i++)
      others.push(await register(gateway, 'benchpeer', { cityBuds: ['boston'] }));
    await db.connect();
    const ids = [a, b, ...others].map((u) => u.user.id);
    await waitFor(
      async () =>
        (await db.query('SELECT 1 FROM messaging.users WHERE id = ANY($1)', [ids])).rowCount === ids.length,
      60_000,
    );
    // A's inbox: one conversation with each of the 100; A and B share 200 messages.
    for (const other of others) await send(gateway, a, other.user.id, 'hello');
    for (let i = 0; i < 200; i++)
      await send(gateway, i % 2 ? a : b, i % 2 ? b.user.id : a.user.id, `seed ${i}`);

    const barePort = await freePort();
    bare = startChild(join(libDir, 'bare-messaging-server.mjs'), {
      DATABASE_URL: database.url,
      PORT: String(barePort),
    });
    await bare.ready;
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const json = { 'content-type': 'application/json' };
    const peers = others.map((o) => o.user.id);
    let next = 0;
    /** Round-robin over the sender's 99 other people: a pair's sends serialise on its lock. */
    const spreadBody = () =>
      JSON.stringify({ receiverId: peers[next++ % peers.length], content: 'load', messageType: 'text' });
    const cases = [
      {
        name: 'POST send (100 pairs)',
        send: true,
        app: {
          url: `${gateway}/api/messages/send`,
          method: 'POST',
          headers: { ...json, cookie: a.cookie },
          bodies: spreadBody,
        },
        bare: {
          url: `${bareUrl}/send`,
          method: 'POST',
          headers: json,
          bodies: () =>
            JSON.stringify({
              senderId: a.user.id,
              receiverId: peers[next++ % peers.length],
              content: 'load',
            }),
        },
      },
      {
        name: 'POST send (one pair)',
        app: {
          url: `${gateway}/api/messages/send`,
          method: 'POST',
          headers: { ...json, cookie: a.cookie },
          body: JSON.stringify({ receiverId: others[0].user.id, content: 'load', messageType: 'text' }),
        },
        bare: {
          url: `${bareUrl}/send`,
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            senderId: others[1].user.id,
            receiverId: others[2].user.id,
            content: 'load',
          }),
        },
      },
      {
        name: `GET inbox (${INBOX_SIZE})`,
        app: { url: `${gateway}/api/messages/conversations`, headers: { cookie: a.cookie } },
        bare: { url: `${bareUrl}/conversations?userId=${a.user.id}` },
      },
      {
        name: 'GET conversation (100)',
        app: {
          url: `${gateway}/api/messages/conversation/${a.user.id}/${b.user.id}`,
          headers: { cookie: a.cookie },
        },
        bare: { url: `${bareUrl}/conversation?userId=${a.user.id}&otherUserId=${b.user.id}` },
      },
      {
        name: 'GET unread-count',
        app: { url: `${gateway}/api/messages/unread-count`, headers: { cookie: b.cookie } },
        bare: { url: `${bareUrl}/unread-count?userId=${b.user.id}` },
      },
    ];
    console.log(
      `\n${mode}: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${DURATION} s per run, ${CONNECTIONS} in flight`,
    );
    console.log(
      [
        'case'.padEnd(28),
        'req/s'.padStart(7),
        'p50'.padStart(6),
        'p99'.padStart(7),
        'bare req/s'.padStart(11),
        'bare p99'.padStart(9),
        'ratio'.padStart(6),
        'failed'.padStart(7),
      ].join(' '),
    );
    const rows = [];
    for (const c of cases) {
      await load({ ...c.bare, connections: CONNECTIONS, duration: 1 });
      await load({ ...c.app, connections: CONNECTIONS, duration: 1 });
      const bareRun = await load({ ...c.bare, connections: CONNECTIONS, duration: DURATION });
      const appRun = await load({ ...c.app, connections: CONNECTIONS, duration: DURATION });
      rows.push({ case: c.name, app: appRun, bare: bareRun, ratio: appRun.rps / bareRun.rps });
      console.log(
        [
          c.name.padEnd(28),
          fmt(appRun.rps, 0).padStart(7),
          fmt(appRun.p50, 1).padStart(6),
          fmt(appRun.p99, 1).padStart(7),
          fmt(bareRun.rps, 0).padStart(11),
          fmt(bareRun.p99, 1).padStart(9),
          `${fmt(appRun.rps / bareRun.rps)}x`.padStart(6),
          String(appRun.non2xx + appRun.errors).padStart(7),
        ].join(' '),
      );
      if (appRun.non2xx + appRun.errors > 0)
        console.log(`  ${c.name}: answers by status ${JSON.stringify(appRun.statuses)}`);
    }

    // The push: 200 streams open (two per other person, as two tabs), then B's; each sample is one
    // send from A, timed from its 201 to B's event.
    const crowd = [];
    for (let i = 0; i < OPEN_STREAMS; i++) crowd.push(await openStream(gateway, others[i % others.length]));
    const stream = await openStream(gateway, b);
    const lags = [];
    try {
      for (let i = 0; i < STREAM_SAMPLES; i++) {
        const content = `push ${i} ${performance.now()}`;
        const arrival = stream.arrival(content);
        await send(gateway, a, b.user.id, content);
        const answered = performance.now();
        const timeout = new Promise((_, reject) =>
          setTimeout(() => reject(new Error('no stream event within 10 s')), 10_000),
        );
        lags.push((await Promise.race([arrival, timeout])) - answered);
      }
    } finally {
      stream.close();
      for (const open of crowd) open.close();
    }
    lags.sort((x, y) => x - y);
    const push = {
      samples: lags.length,
      p50: percentile(lags, 50),
      p99: percentile(lags, 99),
      max: lags.at(-1),
    };
    console.log(
      `\nsend answered -> receiver's stream event (${OPEN_STREAMS + 1} streams open): p50 ${fmt(push.p50)} ms, p99 ${fmt(push.p99)} ms, max ${fmt(push.max)} ms over ${push.samples}` +
        ' (negative: the event came before the answer)',
    );
    const spread = rows[0];
    console.log('\ntargets');
    console.log(
      `  ${push.p99 <= TARGETS.pushP99 ? 'MET    ' : 'NOT MET'} push p99 ≤ ${TARGETS.pushP99} ms with ${OPEN_STREAMS} streams open: ${fmt(push.p99)} ms`,
    );
    console.log(
      `  ${spread.app.rps >= TARGETS.sendRps ? 'MET    ' : 'NOT MET'} sending ≥ ${TARGETS.sendRps} messages/s: ${fmt(spread.app.rps, 0)}`,
    );
    return { mode, rows, push };
  } finally {
    await db.end().catch(() => {});
    if (bare) await stopChild(bare.child);
    await app.stop();
    await database.drop().catch(() => {});
  }
}

async function main() {
  console.log(`DineBuds messaging benchmark, modes: ${MODES.join(', ')}`);
  const results = [];
  for (const mode of MODES) results.push(await measureMode(mode));
  writeResults('messaging', { duration: DURATION, results });
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

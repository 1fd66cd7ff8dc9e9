#!/usr/bin/env node
// `npm run bench:web`: the app on a phone (issue 13). Starts the all-in-one system from
// runner/dist (embedded PostgreSQL in a temporary directory, the built frontend/dist), signs a
// user in, seeds a restaurant with reviews, runs Lighthouse 12's mobile preset on /auth, the
// public restaurant page (both signed out), /, /profile, /social, /discover and /messages (best
// of N runs), prints each page's performance, LCP and TBT beside the targets (met / NOT met),
// bytes over the wire and the page's JS, and writes the numbers to bench/results/web-<time>.json.
// Measures and prints only: the exit code says whether it could measure, never whether a target
// was met.
/* global process, console, fetch, setTimeout, clearTimeout, URL */
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort } from './lib/util.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(`usage: node scripts/bench/web.mjs [--build] [--runs N] [--pages /auth,/profile,/social]
  --build   run \`npm run build\` first (otherwise runner/dist and frontend/dist must exist)
  --runs    Lighthouse runs per page, the best kept (default 2)
  --pages   pages to measure (default /auth,/restaurant/{restaurant},/,/profile,/social,/discover,/messages;
            {restaurant} is the seeded restaurant's id; /auth and the restaurant page signed out)
  --profile instead of Lighthouse, load each page in Chromium (playwright-core) under 4x CPU
            throttling with the CDP Profiler on and print where the main thread's time goes
  BASE_URL=http://host:port COOKIE='dinebuds_sid=…' measures a running deployment instead`);
  process.exit(0);
}
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const RUNS = Math.max(1, Number(option('--runs', '2')) || 2);
/** `{restaurant}` stands for the seeded restaurant's public page, the page people share. */
const PAGES = option(
  '--pages',
  '/auth,/restaurant/{restaurant},/,/profile,/social,/discover,/messages',
).split(',');
/** Pages measured signed out: /auth (a signed-in visitor is sent on) and the shared restaurant page. */
const SIGNED_OUT = (path) => path === '/auth' || path.startsWith('/restaurant/');
/** Other diners, so /social lists a realistic page of users. */
const OTHER_USERS = 30;
const PROFILE = args.includes('--profile');
const TARGETS = { performance: 90, lcpMs: 2500, tbtMs: 200, authBytes: 250 * 1024 };

const lighthouseBin = join(repoRoot, 'node_modules', '.bin', 'lighthouse');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function ensureBuilt() {
  if (args.includes('--build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  for (const path of ['runner/dist/index.js', 'frontend/dist/index.html']) {
    if (!existsSync(join(repoRoot, path)))
      throw new Error(`${path} is missing: run \`npm run build\` or pass --build`);
  }
}

/** The all-in-one system in a child process, serving the built frontend. */
async function startSystem() {
  const dataDir = mkdtempSync(join(tmpdir(), 'dinebuds-web-bench-'));
  const port = await freePort();
  const child = fork(join(repoRoot, 'scripts/bench/lib/all-in-one-child.mjs'), [], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      INTERNAL_TOKEN: randomBytes(24).toString('base64url'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000000',
      FRONTEND_DIST: join(repoRoot, 'frontend', 'dist'),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      // A free metrics port, so two benches (or a bench beside a running system) can share the host.
      METRICS_PORT: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the all-in-one system exited (${code}):\n${stderr}`)));
  });
  return {
    baseUrl: ready.url ?? `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function register(baseUrl, prefix, name) {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`;
  let response;
  // On a loaded machine the gateway sheds some registrations (503 BUSY, password hashing is CPU
  // work): wait as its Retry-After says and try again, a few times.
  for (let attempt = 1; ; attempt += 1) {
    response = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Bench#Pass1234', name }),
    });
    if (response.status !== 503 || attempt >= 8) break;
    await response.arrayBuffer();
    const retryAfterS = Number(response.headers.get('retry-after')) || 1;
    await new Promise((resolve) => setTimeout(resolve, retryAfterS * 1000));
  }
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('dinebuds_sid='))
    ?.split(';')[0];
  if (!cookie) throw new Error('register set no dinebuds_sid cookie');
  return { user: await response.json(), cookie };
}

/** A signed-in diner with people to find on /social, following a few of them. */
async function seed(baseUrl) {
  const me = await register(baseUrl, 'bench', 'Bench Diner');
  const others = [];
  for (let i = 0; i < OTHER_USERS; i += 1) others.push(await register(baseUrl, `bud${i}`, `Bud Number ${i}`));
  for (const other of others.slice(0, 5)) {
    await fetch(`${baseUrl}/api/users/${me.user.id}/follow/${other.user.id}`, {
      method: 'POST',
      headers: { cookie: me.cookie },
    });
  }
  // A restaurant with a few reviews: its public page is the one people share.
  let restaurantId = null;
  for (const [i, author] of [me, ...others.slice(0, 4)].entries()) {
    const response = await fetch(`${baseUrl}/api/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: author.cookie },
      body: JSON.stringify({
        restaurantName: 'Sushi Nakazawa',
        address: '23 Commerce St, New York, NY',
        rating: 3 + (i % 3),
        notes: `Bench review ${i}: the omakase was a careful, quiet two hours of very good fish.`,
      }),
    });
    if (response.status !== 201)
      throw new Error(`review answered ${response.status}: ${await response.text()}`);
    restaurantId = (await response.json()).restaurantId;
  }
  return { cookie: me.cookie, restaurantId };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is tried again. */
async function runLighthouse(url, cookie, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, cookie);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`  (retrying ${url}: ${String(error.message).split('\n')[1] ?? error.message})`);
    }
  }
}

function lighthouseOnce(url, cookie) {
  const outDir = mkdtempSync(join(tmpdir(), 'dinebuds-lh-'));
  const output = join(outDir, 'report.json');
  const lhArgs = [
    url,
    `--chrome-path=${chromePath}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
  ];
  if (cookie) lhArgs.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  // WEB_BENCH_TRACES=dir keeps each run's (unthrottled, observed) trace: what Lighthouse's
  // simulation multiplies by 4. `node scripts/bench/lh-tasks.mjs <trace>` lists its long tasks.
  if (process.env.WEB_BENCH_TRACES) lhArgs.push('--save-assets');
  // WEB_BENCH_CPU=1 adds V8's sampler to that trace, for lh-tasks.mjs to name the functions in each
  // task. It slows the page: such runs are for finding work, not for figures.
  if (process.env.WEB_BENCH_CPU)
    lhArgs.push('--additional-trace-categories=disabled-by-default-v8.cpu_profiler');
  return new Promise((resolve, reject) => {
    const child = spawn(lighthouseBin, lhArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`lighthouse ${url} exited ${code}:\n${stderr}`);
        const report = readFileSync(output, 'utf8');
        if (process.env.WEB_BENCH_REPORTS) {
          mkdirSync(process.env.WEB_BENCH_REPORTS, { recursive: true });
          const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
          writeFileSync(join(process.env.WEB_BENCH_REPORTS, name), report);
        }
        if (process.env.WEB_BENCH_TRACES) {
          mkdirSync(process.env.WEB_BENCH_TRACES, { recursive: true });
          const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.trace.json`;
          writeFileSync(
            join(process.env.WEB_BENCH_TRACES, name),
            readFileSync(join(outDir, 'report-0.trace.json')),
          );
        }
        resolve(summarise(JSON.parse(report)));
      } catch (error) {
        reject(error);
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    });
  });
}

/** The numbers the issue asks for, from one Lighthouse report. */
function summarise(report) {
  const audit = (id) => report.audits[id];
  const requests = audit('network-requests')?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const sum = (items, key) => items.reduce((total, item) => total + (item[key] ?? 0), 0);
  return {
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint').numericValue),
    lcpMs: Math.round(audit('largest-contentful-paint').numericValue),
    tbtMs: Math.round(audit('total-blocking-time').numericValue),
    cls: Number(audit('cumulative-layout-shift').numericValue.toFixed(3)),
    bytesOverWire: Math.round(audit('total-byte-weight').numericValue),
    requests: requests.length,
    jsRequests: scripts.length,
    jsOverWire: sum(scripts, 'transferSize'),
    jsUncompressed: sum(scripts, 'resourceSize'),
    textCompressed: audit('uses-text-compression')?.score === 1,
    mainThreadMs: Math.round(audit('mainthread-work-breakdown')?.numericValue ?? 0),
    // Lighthouse's measure of this machine's CPU at the run: TBT is the observed tasks times the
    // preset's slowdown, so a slower host (a lower index) reads as more blocking time.
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
  };
}

/** index.html's entry and modulepreloads, gzip: what every first page runs before anything else. */
function firstPageJs() {
  const dist = join(repoRoot, 'frontend', 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const paths = [
    ...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g),
  ].map((m) => m[1]);
  const gzip = paths.reduce((total, path) => total + gzipSync(readFileSync(join(dist, path))).length, 0);
  return { files: paths, gzipBytes: gzip };
}

/**
 * Where a page's main-thread time goes on a phone-class CPU: the page loaded in Chromium under 4x
 * CPU throttling (Lighthouse's mobile slowdown) with the V8 sampling profiler on, from navigation
 * until the network has been idle, then self time summed per function and per script.
 */
async function profilePage(url, cookie) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name, value, url }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'v8', 'blink'] });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const { profile } = await cdp.send('Profiler.stop');
    if (process.env.WEB_BENCH_CPUPROFILE)
      writeFileSync(process.env.WEB_BENCH_CPUPROFILE, JSON.stringify(profile));
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    if (process.env.WEB_BENCH_TRACE) writeFileSync(process.env.WEB_BENCH_TRACE, JSON.stringify(trace));
    const wallMs = Date.now() - started;
    // Self time of each node: its samples times the interval between them.
    const self = new Map();
    const deltas = profile.timeDeltas;
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000));
    const byFunction = new Map();
    const byScript = new Map();
    for (const node of profile.nodes) {
      const ms = self.get(node.id) ?? 0;
      if (!ms) continue;
      const { functionName, url: scriptUrl, lineNumber, columnNumber } = node.callFrame;
      const file = scriptUrl ? scriptUrl.replace(/^.*\//, '') : '';
      const key = `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}:${columnNumber + 1}` : ''}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
      byScript.set(file || '(native)', (byScript.get(file || '(native)') ?? 0) + ms);
    }
    const top = (map, n) =>
      [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([key, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${key}`)
        .join('\n');
    const busy = [...byFunction.entries()]
      .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
      .reduce((total, [, ms]) => total + ms, 0);
    console.log(
      `${new URL(url).pathname}: ${wallMs} ms to network idle, ${busy.toFixed(0)} ms of JS (self time, 4x throttled)`,
    );
    console.log(`  by script:\n${top(byScript, 8)}`);
    console.log(`  by function:\n${top(byFunction, 20)}`);
    console.log(`  long tasks (> 50 ms) and what fills them:\n${longTasks(trace.traceEvents ?? trace)}`);
  } finally {
    await browser.close();
  }
}

/** The renderer main thread's tasks over 50 ms, each with the trace events that take most of it. */
function longTasks(events) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => /RunTask$/.test(e.name) && e.dur > 50_000);
  return tasks
    .map((task) => {
      const inside = new Map();
      for (const e of onMain) {
        if (e === task || /RunTask$/.test(e.name) || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur)
          continue;
        const label =
          e.name === 'FunctionCall' || e.name === 'EvaluateScript'
            ? `${e.name} ${(e.args?.data?.url ?? '').replace(/^.*\//, '')}`
            : e.name;
        inside.set(label, Math.max(inside.get(label) ?? 0, 0) + e.dur / 1000);
      }
      const parts = [...inside.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
        .join(', ');
      return `    ${(task.dur / 1000).toFixed(0).padStart(5)} ms  ${parts}`;
    })
    .join('\n');
}

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

async function main() {
  let system = null;
  let baseUrl = process.env.BASE_URL;
  let cookie = process.env.COOKIE;
  let restaurantId = null;
  const stop = async () => {
    if (system) await system.stop().catch((error) => console.warn(`stop failed: ${error.message}`));
    system = null;
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    if (!baseUrl) {
      ensureBuilt();
      system = await startSystem();
      baseUrl = system.baseUrl;
      ({ cookie, restaurantId } = await seed(baseUrl));
    }
    const pagePath = (path) =>
      path.replace('{restaurant}', String(restaurantId ?? process.env.RESTAURANT_ID ?? 1));
    if (!cookie) throw new Error('COOKIE is needed with BASE_URL (a signed-in dinebuds_sid)');
    if (PROFILE) {
      for (const path of PAGES.map(pagePath))
        await profilePage(`${baseUrl}${path}`, SIGNED_OUT(path) ? undefined : cookie);
      return;
    }
    const staticJs = system ? firstPageJs() : null;
    console.log(`web bench: ${baseUrl}, Lighthouse mobile preset, best of ${RUNS}`);
    if (staticJs)
      console.log(
        `first page JS (entry + modulepreloads): ${(staticJs.gzipBytes / 1000).toFixed(1)} KB gzip`,
      );

    const pages = [];
    for (const path of PAGES.map(pagePath)) {
      const runs = [];
      const pageCookie = SIGNED_OUT(path) ? undefined : cookie;
      for (let i = 0; i < RUNS; i += 1) runs.push(await runLighthouse(`${baseUrl}${path}`, pageCookie));
      const best = runs.reduce((a, b) => (b.performance > a.performance ? b : a));
      pages.push({ path, best, runs });
      console.log(
        `${path.padEnd(14)} wire ${kib(best.bytesOverWire).padStart(8)}` +
          `  JS ${kib(best.jsOverWire)} over ${best.jsRequests} requests (${kib(best.jsUncompressed)} uncompressed)` +
          `  FCP ${(best.fcpMs / 1000).toFixed(2)} s  text compressed: ${best.textCompressed ? 'yes' : 'NO'}` +
          `  runs: ${runs.map((r) => `${r.performance}/${r.lcpMs}/${r.tbtMs}`).join(', ')} (perf/LCP ms/TBT ms)` +
          `  CPU benchmark index ${runs.map((r) => r.benchmarkIndex).join(', ')}`,
      );
    }

    // Each page beside the targets, met or not.
    const mark = (ok) => (ok ? 'met' : 'NOT met');
    console.log(
      `\n${'page'.padEnd(14)} ${'performance >= 90'.padEnd(20)} ${'LCP <= 2.5 s'.padEnd(20)} TBT <= 200 ms`,
    );
    for (const { path, best } of pages) {
      const perf = `${best.performance} ${mark(best.performance >= TARGETS.performance)}`;
      const lcp = `${(best.lcpMs / 1000).toFixed(2)} s ${mark(best.lcpMs <= TARGETS.lcpMs)}`;
      const tbt = `${best.tbtMs} ms ${mark(best.tbtMs <= TARGETS.tbtMs)}`;
      console.log(`${path.padEnd(14)} ${perf.padEnd(20)} ${lcp.padEnd(20)} ${tbt}`);
    }

    const misses = [];
    for (const { path, best } of pages) {
      if (best.performance < TARGETS.performance)
        misses.push(`${path} performance ${best.performance} < ${TARGETS.performance}`);
      if (best.lcpMs > TARGETS.lcpMs) misses.push(`${path} LCP ${best.lcpMs} ms > ${TARGETS.lcpMs} ms`);
      if (best.tbtMs > TARGETS.tbtMs) misses.push(`${path} TBT ${best.tbtMs} ms > ${TARGETS.tbtMs} ms`);
      if (path === '/auth' && best.bytesOverWire > TARGETS.authBytes)
        misses.push(`/auth ${kib(best.bytesOverWire)} over the wire > ${kib(TARGETS.authBytes)}`);
    }
    console.log(misses.length ? `targets missed:\n  ${misses.join('\n  ')}` : 'all targets met');

    const resultsDir = join(repoRoot, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ at: new Date().toISOString(), baseUrl, runsPerPage: RUNS, targets: TARGETS, firstPageJs: staticJs, pages, misses }, null, 2)}\n`,
    );
    console.log(`results: ${file}`);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

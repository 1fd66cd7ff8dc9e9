#!/usr/bin/env node
// `node scripts/bench/lh-tasks.mjs <trace.json> [minMs]`: the renderer main thread's tasks in a
// Lighthouse trace (`WEB_BENCH_TRACES=dir npm run bench:web`), as Lighthouse observed them
// (unthrottled), with what fills each. Lighthouse's simulated throttling multiplies a task by 4
// (by 2 when it did layout), so a task of 12.5 ms here is a 50 ms "long task" there and each
// millisecond above that adds 4 ms of total blocking time. Default minMs: 12.5.
// A trace taken with WEB_BENCH_CPU=1 also holds V8's samples: each task then lists the functions
// that ran in it, by self time and with their callers (a build with `vite build --minify false`
// names them). The sampler itself slows the page, so such a run's scores are not figures.
/* global process, console */
import { readFileSync } from 'node:fs';

const [file, min = '12.5'] = process.argv.slice(2);
if (!file) {
  console.log('usage: node scripts/bench/lh-tasks.mjs <trace.json> [minMs]');
  process.exit(1);
}
const raw = JSON.parse(readFileSync(file, 'utf8'));
const events = raw.traceEvents ?? raw;
const navStart = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
const mainName = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
// The page's renderer: the main thread that ran the navigation.
const main =
  mainName.find((t) => navStart && t.pid === navStart.pid && t.tid === navStart.tid) ?? mainName[0];
const onMain = events
  .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
  .sort((a, b) => a.ts - b.ts);
const t0 = navStart?.ts ?? onMain[0].ts;
const samples = cpuSamples();
const tasks = onMain.filter((e) => /^(RunTask|ThreadControllerImpl::RunTask)$/.test(e.name));
const minUs = Number(min) * 1000;
let blocking = 0;
// Blocking time of tasks mostly empty of traced work: on a busy host the renderer's thread was
// waiting for a CPU (another process ran), and Lighthouse counts that wait four times over.
let blockingUntraced = 0;
let total = 0;
for (const task of tasks) {
  total += task.dur / 1000;
  const layout = onMain.some(
    (e) => e.name === 'Layout' && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur,
  );
  const sim = (task.dur / 1000) * (layout ? 2 : 4);
  const untraced = 1 - tracedShare(task);
  if (sim > 50) {
    blocking += sim - 50;
    if (untraced > 0.5) blockingUntraced += sim - 50;
  }
  if (task.dur < minUs) continue;
  const inside = new Map();
  for (const e of onMain) {
    if (e.ts < task.ts || e.ts + e.dur > task.ts + task.dur || e === task) continue;
    if (/RunTask$/.test(e.name)) continue;
    const url = (e.args?.data?.url ?? '').replace(/^.*\//, '');
    const fn = e.args?.data?.functionName ?? '';
    const label = [
      'FunctionCall',
      'EvaluateScript',
      'v8.compile',
      'TimerFire',
      'FireAnimationFrame',
      'EventDispatch',
    ].includes(e.name)
      ? `${e.name}(${fn || ''}${url ? ` ${url}` : ''}${e.args?.data?.type ? ` ${e.args.data.type}` : ''})`
      : e.name;
    inside.set(label, (inside.get(label) ?? 0) + e.dur / 1000);
  }
  const parts = [...inside.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');
  console.log(
    `${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ms  ${(task.dur / 1000).toFixed(1).padStart(6)} ms (x${layout ? 2 : 4} ${sim.toFixed(0)})${untraced > 0.5 ? ` [${(untraced * 100).toFixed(0)}% untraced]` : ''}  ${parts}`,
  );
  const functions = samples.length ? functionsIn(task) : '';
  if (functions) console.log(functions);
}
console.log(
  `${tasks.length} tasks, ${total.toFixed(0)} ms observed; sum over 50 ms of each task x4 (x2 with layout): ${blocking.toFixed(0)} ms (all tasks, not only FCP..TTI)`,
);
console.log(
  `  of which ${blockingUntraced.toFixed(0)} ms in tasks more than half untraced (the thread likely waiting for a CPU)`,
);

/** The share of a task's time inside the events traced within it (their union, nested ones once). */
function tracedShare(task) {
  const end = task.ts + task.dur;
  let covered = 0;
  let reach = task.ts;
  for (const e of onMain) {
    if (e === task || e.ts < task.ts || e.ts > end || !e.dur) continue;
    const from = Math.max(e.ts, reach);
    const to = Math.min(e.ts + e.dur, end);
    if (to > from) {
      covered += to - from;
      reach = to;
    }
  }
  return task.dur ? covered / task.dur : 1;
}

/** V8's samples in the trace (WEB_BENCH_CPU=1), of the page's renderer, each with its stack. */
function cpuSamples() {
  const nodes = new Map();
  const parents = new Map();
  const found = [];
  for (const profile of events.filter((e) => e.name === 'Profile' && e.pid === main.pid)) {
    let time = profile.args.data.startTime;
    const chunks = events.filter(
      (e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === main.pid,
    );
    for (const chunk of chunks) {
      const cpu = chunk.args.data.cpuProfile ?? {};
      for (const node of cpu.nodes ?? []) {
        nodes.set(`${profile.id}:${node.id}`, node);
        if (node.parent !== undefined)
          parents.set(`${profile.id}:${node.id}`, `${profile.id}:${node.parent}`);
      }
      const deltas = chunk.args.data.timeDeltas ?? [];
      (cpu.samples ?? []).forEach((id, i) => {
        time += deltas[i] ?? 0;
        found.push({ time, node: `${profile.id}:${id}` });
      });
    }
  }
  const frame = (node) =>
    `${node.callFrame.functionName || '(anonymous)'} ${(node.callFrame.url || '').replace(/^.*\//, '')}:${(node.callFrame.lineNumber ?? 0) + 1}`;
  return found.map(({ time, node }) => {
    const stack = [];
    for (let id = node; id && nodes.has(id); id = parents.get(id)) stack.push(frame(nodes.get(id)));
    return { time, stack };
  });
}

/** The functions that ran in a task: self time, and time with callees (ms, from sample counts). */
function functionsIn(task) {
  const inside = samples.filter((s) => s.time >= task.ts && s.time <= task.ts + task.dur);
  if (!inside.length) return '';
  const msEach = task.dur / 1000 / inside.length;
  const self = new Map();
  const total = new Map();
  for (const { stack } of inside) {
    self.set(stack[0], (self.get(stack[0]) ?? 0) + 1);
    for (const name of new Set(stack)) total.set(name, (total.get(name) ?? 0) + 1);
  }
  const top = (map, n) =>
    [...map.entries()]
      .filter(([name]) => !/^\((root|program|idle)\)/.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, count]) => `${(count * msEach).toFixed(1)} ${name}`)
      .join(', ');
  const selfTop = top(self, 6);
  return selfTop
    ? `          self: ${selfTop}\n          with callees: ${top(total, Number(process.env.CALLEES ?? 12))}`
    : '';
}

// What share of a process's CPU went to metrics and tracing code, read from a V8 CPU profile
// (`node --cpu-prof`). A share of one process's own samples hardly moves with other load on the
// machine, where throughput does: the observability bench prints it when run under --cpu-prof.
/* global console */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Code that exists only for metrics and tracing. */
const INSTRUMENTATION = /\/(@opentelemetry\/|prom-client\/|libs\/observability\/)/;
/**
 * The logging library's ContextManager methods that only OpenTelemetry calls (its context
 * switches): the store they use is shared with the request id, but these runs are tracing's. Its
 * context values (ChainedContext, in place of the API's BaseContext, which counted here as
 * @opentelemetry/api) count too; off's share, the request id's, is taken from the others'.
 */
const CONTEXT_FRAMES = ['with', 'bind', 'ChainedContext', 'getValue', 'setValue', 'deleteValue'];
const isTracingContextSwitch = (frame) =>
  frame.url.endsWith('libs/logging/dist/request-context.js') && CONTEXT_FRAMES.includes(frame.functionName);
const PACKAGE = /node_modules\/((?:@[^/]+\/)?[^/]+)|(libs\/observability)\//;

/**
 * Busy time of the samples between `from` and `to` (µs, the profile's monotonic clock, as
 * process.hrtime), the part charged to instrumentation, and the garbage collector's part. A
 * sample is charged to the innermost frame of application or library code: Node's internals and
 * natives (socket writes, AsyncLocalStorage) count for whoever called them, so the exporter's
 * HTTP posts and the context manager's switches count as tracing, while a query run through the
 * SQL span's wrapper counts as pg.
 */
export function instrumentationShare(file, { from = -Infinity, to = Infinity } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const charged = new Map(); // node id -> the frame it is charged to (undefined: none)
  const chargeOf = (id) => {
    if (charged.has(id)) return charged.get(id);
    const { url } = nodes.get(id).callFrame;
    const own = url && !url.startsWith('node:') ? nodes.get(id).callFrame : undefined;
    const result = own ?? (parent.has(id) ? chargeOf(parent.get(id)) : undefined);
    charged.set(id, result);
    return result;
  };
  let time = profile.startTime;
  let busy = 0;
  let gc = 0;
  let instrumentation = 0;
  const byPackage = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    time += delta;
    if (time < from || time > to) continue;
    const node = nodes.get(profile.samples[i]);
    const name = node.callFrame.functionName;
    if (name === '(idle)') continue;
    busy += delta;
    if (name === '(garbage collector)') gc += delta;
    const frame = chargeOf(node.id);
    if (frame && (INSTRUMENTATION.test(frame.url) || isTracingContextSwitch(frame))) {
      instrumentation += delta;
      const match = PACKAGE.exec(frame.url);
      const key = `${match?.[1] ?? match?.[2] ?? 'libs/logging'} ${frame.functionName || '(anonymous)'}`;
      byPackage.set(key, (byPackage.get(key) ?? 0) + delta);
    }
  }
  return {
    busyMs: busy / 1000,
    instrumentationShare: busy ? instrumentation / busy : NaN,
    gcShare: busy ? gc / busy : NaN,
    /** The heaviest instrumentation functions, [name, ms]. */
    top: [...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([key, us]) => [key, us / 1000]),
  };
}

/** Which layer of the request path a profile frame's file belongs to (`layerSplit`). */
const LAYERS = [
  [
    /node_modules\/(fastify|@fastify\/[^/]+|find-my-way|avvio|light-my-request|fast-json-stringify|fast-querystring|secure-json-parse)\//,
    'fastify',
  ],
  [/node_modules\/@nestjs\//, 'nest'],
  [/node_modules\/typeorm\//, 'typeorm'],
  [/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[^/]+)\//, 'pg driver'],
  [/node_modules\/undici\//, 'undici (RPC client)'],
  [/node_modules\/(pino|pino-[^/]+|sonic-boom|thread-stream)\//, 'logging (pino)'],
  [/node_modules\/(@opentelemetry\/[^/]+|prom-client)\/|libs\/observability\//, 'observability'],
  [/node_modules\/(class-validator|class-transformer|validator)\//, 'validation'],
  [/node_modules\/(rxjs|reflect-metadata|tslib)\//, 'rxjs / reflect'],
  [/node_modules\/amqplib\//, 'amqplib'],
  [/node_modules\//, 'other packages'],
  [/\/libs\/([^/]+)\//, (m) => `lib ${m[1]}`],
  [/\/gateway\/dist\//, 'gateway code'],
  [/\/services\/([^/]+)\/dist\//, (m) => `service code (${m[1]})`],
];

/**
 * The busy time of a V8 CPU profile from its first routed request on, split by layer (ms,
 * heaviest first). Like
 * `instrumentationShare`, a sample of Node's own code (node:http, net, streams) counts for the
 * package or app code that called it; samples with no such caller are 'node internals'.
 */
export function layerSplit(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const layerOfUrl = (url) => {
    for (const [pattern, name] of LAYERS) {
      const match = pattern.exec(url);
      if (match) return typeof name === 'function' ? name(match) : name;
    }
    return undefined;
  };
  const memo = new Map();
  const layerOf = (id) => {
    if (memo.has(id)) return memo.get(id);
    const { url } = nodes.get(id).callFrame;
    const own = url && !url.startsWith('node:') ? layerOfUrl(url) : undefined;
    const result = own ?? (parent.has(id) ? layerOf(parent.get(id)) : undefined);
    memo.set(id, result);
    return result;
  };
  // Start-up (module loading, Nest's wiring) is not the request path: count from the first
  // sample taken inside a routed request (Nest's router) on.
  const routed = new Map();
  const isRouted = (id) => {
    if (routed.has(id)) return routed.get(id);
    const result =
      nodes.get(id).callFrame.url.includes('@nestjs/core/router/') || (parent.has(id) && isRouted(parent.get(id)));
    routed.set(id, result);
    return result;
  };
  const first = profile.samples.findIndex((id) => isRouted(id));
  const byLayer = new Map();
  let busy = 0;
  for (let i = Math.max(first, 0); i < profile.samples.length; i++) {
    const node = nodes.get(profile.samples[i]);
    const name = node.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') continue;
    const delta = profile.timeDeltas[i] ?? 0;
    busy += delta;
    const layer =
      name === '(garbage collector)' ? 'garbage collector' : (layerOf(node.id) ?? 'node internals');
    byLayer.set(layer, (byLayer.get(layer) ?? 0) + delta);
  }
  return {
    busyMs: busy / 1000,
    layers: [...byLayer].sort((a, b) => b[1] - a[1]).map(([layer, us]) => [layer, us / 1000]),
  };
}

/**
 * Prints, per app process, the layer split of the CPU profiles written to `dir` since `before`
 * (the directory's file names then): `pids` and `names` name each process.
 */
export function printLayerSplit({ pids, names }, before, dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile') && !before.has(f));
  console.log(`CPU by layer, from the first request on (profiles in ${dir})`);
  for (const file of files) {
    const pid = Number(file.split('.')[3]);
    const name = names[pids.indexOf(pid)] ?? `pid ${pid}`;
    const split = layerSplit(join(dir, file));
    if (split.busyMs < 1000) continue; // a process the case hardly touched
    console.log(`  ${name} (busy ${split.busyMs.toFixed(0)} ms)`);
    for (const [layer, ms] of split.layers.slice(0, 14))
      console.log(`    ${layer.padEnd(28)} ${((ms / split.busyMs) * 100).toFixed(1).padStart(5)}%`);
  }
}

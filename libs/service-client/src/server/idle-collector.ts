import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** When an idle collection is due, from the event loop's utilisation sampled once a second. */
export interface IdleCollectionRule {
  /** A second at least this busy (0..1) marks a busy period. */
  busyUtilisation: number;
  /** A second at most this busy counts as quiet. */
  quietUtilisation: number;
  /** Quiet seconds in a row after a busy period before collecting. */
  quietSeconds: number;
}

export const DEFAULT_IDLE_COLLECTION: IdleCollectionRule = {
  busyUtilisation: 0.5,
  quietUtilisation: 0.05,
  quietSeconds: 2,
};

/**
 * Decides, one utilisation sample at a time, when a process that was busy has gone quiet: then,
 * once per busy period, it is time to collect. Pure, so its rule is tested without timers.
 */
export class IdleCollectionPlan {
  private busySinceCollection = false;
  private quietRun = 0;

  constructor(private readonly rule: IdleCollectionRule = DEFAULT_IDLE_COLLECTION) {}

  /** Feeds one second's utilisation; true when a collection should run now. */
  sample(utilisation: number): boolean {
    if (utilisation >= this.rule.busyUtilisation) this.busySinceCollection = true;
    this.quietRun = utilisation <= this.rule.quietUtilisation ? this.quietRun + 1 : 0;
    if (!this.busySinceCollection || this.quietRun < this.rule.quietSeconds) return false;
    this.busySinceCollection = false;
    return true;
  }
}

let started = false;

let gc: (() => void) | undefined;

/** A full V8 collection now (also what the benches use to tell garbage from live data). */
export function fullGarbageCollection(): void {
  // The gc function is only reachable with --expose-gc; setting the flag at run time and reading
  // it from a new context is Node's documented way to get it without a command-line flag.
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/**
 * Gives memory back after load, once per process (the all-in-one process calls it for the gateway
 * and every service; only the first call starts it). Under load V8 grows its heap to a few times
 * the live data and keeps it committed after the load has gone: the overload bench saw RSS stay at
 * ~2x idle 10 s after a storm (V8's own memory reducer only acts 20-40 s later). When the event
 * loop has been busy and then quiet for a couple of seconds, two full collections a moment apart
 * let V8 shrink the heap and release its pages (RSS back to within a few MiB of idle). A pause of
 * a few tens of ms, only when nothing is running. IDLE_GC=false turns it off.
 */
export function startIdleCollector(env: Record<string, string | undefined> = process.env): void {
  if (started || env.IDLE_GC?.trim().toLowerCase() === 'false') return;
  started = true;
  const collect = fullGarbageCollection;
  const plan = new IdleCollectionPlan();
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    if (!plan.sample(utilization)) return;
    collect();
    // The second collection frees what the first one's finalisers released and lets V8 shrink.
    setTimeout(collect, 300).unref();
  }, 1000);
  timer.unref();
}

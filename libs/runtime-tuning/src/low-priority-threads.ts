import { Worker } from 'node:worker_threads';

/**
 * The code each thread runs: the named synchronous functions of one module on that thread, after
 * lowering the thread's own scheduling priority (on Linux a nice value and a policy are per
 * thread). SCHED_IDLE is set with util-linux's `chrt` on the thread's own id (Node has no call for
 * it; lowering one's own policy needs no privilege); without chrt the nice value stands. Source
 * text rather than a module file, so the same code runs from TypeScript under Jest and from dist.
 */
const THREAD_SOURCE = (modulePath: string) => `
const work = require(${JSON.stringify(modulePath)});
const { parentPort, workerData } = require('node:worker_threads');
const { execFileSync } = require('node:child_process');
const { readFileSync, readlinkSync } = require('node:fs');
const os = require('node:os');
try { os.setPriority(0, workerData.nice); } catch { /* not allowed here: run at normal priority */ }
if (workerData.idle) {
  try {
    const tid = readlinkSync('/proc/thread-self').split('/').pop();
    execFileSync('chrt', ['--idle', '--pid', '0', tid], { stdio: 'ignore', timeout: 5000 });
  } catch { /* no chrt, or not Linux: the nice value stands */ }
}
/** The thread's scheduling policy, field 41 of its stat line (5: SCHED_IDLE); -1 when unknown. */
function policy() {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
  } catch {
    return -1;
  }
}
parentPort.on('message', ({ id, op, args }) => {
  try {
    const value =
      op === 'policy' ? policy()
      : op === 'priority' ? os.getPriority(0)
      : work[op](...args);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});`;

/** Linux's number for the SCHED_IDLE policy. */
const SCHED_IDLE = 5;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** One worker thread and the calls it has not answered yet. */
class PriorityThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  dead = false;

  constructor(source: string, priority: ThreadPriority) {
    this.worker = new Worker(source, { eval: true, workerData: priority });
    this.worker.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
      const call = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) this.worker.unref();
      if (error === undefined) call?.resolve(value);
      else call?.reject(new Error(error));
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`worker thread exited (${code})`)));
    // An idle thread never keeps the process (or a test run) alive; one with calls in hand does.
    // (After the listeners, which would otherwise hold it again.)
    this.worker.unref();
  }

  get load(): number {
    return this.pending.size;
  }

  call<T>(op: string, args: unknown[] = []): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++;
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, op, args });
    });
  }

  terminate(): Promise<number> {
    this.dead = true;
    return this.worker.terminate();
  }
}

/** How the threads give way: a nice value (0-19) and, where it can be set, SCHED_IDLE. */
export interface ThreadPriority {
  nice: number;
  idle?: boolean;
}

/**
 * CPU-heavy synchronous work (identity's argon2id) on worker threads of their own, at a lower OS
 * priority. On the libuv thread pool a hash ran at the priority of the event loop: in a sign-in
 * storm the one password slot kept a whole core of two busy, and reads, PostgreSQL and the loop
 * shared the other. At a lower priority the work still takes any idle core at full speed but
 * yields it to the loop and the database whenever they have work (overload bench: reads' p99 in
 * the storm 1 s instead of 6-7 s). At nice 10 a hash still took ~40% of a core in the storm; under
 * SCHED_IDLE the kernel also counts its core as free when it places a woken PostgreSQL backend or
 * event loop (distributed storm: reads 0.57-0.61x -> 0.67-0.72x of alone; one process, SCHED_IDLE
 * off: four runs of five below 0.5x). `modulePath` is resolved in the caller's package; each call
 * names one of its exported synchronous functions. Threads start on first use and are replaced if
 * one dies.
 */
export class LowPriorityThreads {
  private readonly source: string;
  private threads: PriorityThread[] = [];

  private readonly count: number;
  private readonly threadPriority: ThreadPriority;

  constructor({ modulePath, count, ...priority }: { modulePath: string; count: number } & ThreadPriority) {
    this.source = THREAD_SOURCE(modulePath);
    this.count = count;
    this.threadPriority = priority;
  }

  /** Runs `work[fn](...args)` on the least busy thread. */
  run<T>(fn: string, ...args: unknown[]): Promise<T> {
    return this.least().call<T>(fn, args);
  }

  /** The nice value a thread runs at (what the OS granted). */
  priority(): Promise<number> {
    return this.least().call<number>('priority');
  }

  /** Whether a thread runs under SCHED_IDLE (false also where that cannot be read). */
  async idle(): Promise<boolean> {
    return (await this.least().call<number>('policy')) === SCHED_IDLE;
  }

  async close(): Promise<void> {
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((thread) => thread.terminate()));
  }

  /** The live thread with the fewest calls in hand, starting threads up to `count`. */
  private least(): PriorityThread {
    // A thread dies rarely: copy the list only then.
    if (this.threads.some((thread) => thread.dead))
      this.threads = this.threads.filter((thread) => !thread.dead);
    if (this.threads.length < this.count) {
      const started = new PriorityThread(this.source, this.threadPriority);
      this.threads.push(started);
      return started;
    }
    return this.threads.reduce((best, thread) => (thread.load < best.load ? thread : best));
  }
}

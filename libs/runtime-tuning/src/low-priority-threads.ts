import { Worker } from 'node:worker_threads';

/**
 * The code each thread runs: the named synchronous functions of one module on that thread, after
 * lowering the thread's own priority with Node's os.setPriority (on Linux a nice value is per
 * thread). Source text rather than a module file, so the same code runs from TypeScript under Jest and from dist.
 */
const THREAD_SOURCE = (modulePath: string) => `
const work = require(${JSON.stringify(modulePath)});
const { parentPort, workerData } = require('node:worker_threads');
const os = require('node:os');
try { os.setPriority(0, workerData.nice); } catch { /* not allowed here: run at normal priority */ }
parentPort.on('message', ({ id, op, args }) => {
  try {
    const value =
      op === 'priority' ? os.getPriority(0)
      : work[op](...args);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});`;

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

/** How the threads give way: a nice value (0-19). */
export interface ThreadPriority {
  nice: number;
}

/**
 * CPU-heavy synchronous work (identity's argon2id) on worker threads of their own, at a lower OS
 * priority. On the libuv thread pool a hash ran at the priority of the event loop: in a sign-in
 * storm the one password slot kept a whole core of two busy, and reads, PostgreSQL and the loop
 * shared the other. At a lower priority the work still takes any idle core at full speed but
 * yields it to the loop and the database whenever they have work (overload bench: reads' p99 in
 * the storm 1 s instead of 6-7 s). `modulePath` is resolved in the caller's package; each call
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

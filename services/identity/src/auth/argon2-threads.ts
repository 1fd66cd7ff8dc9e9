import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';

/**
 * The code each thread runs: @node-rs/argon2's synchronous hash and verify on that thread, after
 * lowering the thread's own scheduling priority (on Linux a nice value is per thread). Source
 * text rather than a module file, so the same code runs from TypeScript under Jest and from dist.
 */
const THREAD_SOURCE = (argon2Path: string) => `
const { hashSync, verifySync } = require(${JSON.stringify(argon2Path)});
const { parentPort, workerData } = require('node:worker_threads');
const os = require('node:os');
try { os.setPriority(0, workerData.nice); } catch { /* not allowed here: run at normal priority */ }
parentPort.on('message', ({ id, op, a, b }) => {
  try {
    const value = op === 'hash' ? hashSync(a, b) : op === 'verify' ? verifySync(a, b) : os.getPriority(0);
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
class Argon2Thread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  dead = false;

  constructor(source: string, nice: number) {
    this.worker = new Worker(source, { eval: true, workerData: { nice } });
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
    this.worker.on('exit', (code) => fail(new Error(`argon2 thread exited (${code})`)));
    // An idle thread never keeps the process (or a test run) alive; one with calls in hand does.
    // (After the listeners, which would otherwise hold it again.)
    this.worker.unref();
  }

  get load(): number {
    return this.pending.size;
  }

  call<T>(op: 'hash' | 'verify' | 'priority', a?: unknown, b?: unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++;
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, op, a, b });
    });
  }

  terminate(): Promise<number> {
    this.dead = true;
    return this.worker.terminate();
  }
}

/**
 * argon2id on worker threads of their own, at a lower OS priority (`nice`, 0-19). On the libuv
 * thread pool a hash ran at the priority of the event loop: in a sign-in storm the one password
 * slot kept a whole core of two busy, and reads, PostgreSQL and the loop shared the other. At a
 * lower priority a hash still takes any idle core at full speed but yields it to the loop and the
 * database whenever they have work (overload bench: reads' p99 in the storm 1 s instead of 6-7 s).
 * Threads start on first use and are replaced if one dies.
 */
export class Argon2Threads {
  private readonly source = THREAD_SOURCE(createRequire(import.meta.url).resolve('@node-rs/argon2'));
  private threads: Argon2Thread[] = [];

  constructor(private readonly options: { count: number; nice: number }) {}

  hash(password: string, options: Options): Promise<string> {
    return this.least().call<string>('hash', password, options);
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.least().call<boolean>('verify', hash, password);
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
  private least(): Argon2Thread {
    // A thread dies rarely: copy the list only then.
    if (this.threads.some((thread) => thread.dead))
      this.threads = this.threads.filter((thread) => !thread.dead);
    if (this.threads.length < this.options.count) {
      const started = new Argon2Thread(this.source, this.options.nice);
      this.threads.push(started);
      return started;
    }
    return this.threads.reduce((best, thread) => (thread.load < best.load ? thread : best));
  }
}

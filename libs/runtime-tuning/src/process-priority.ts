import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The nice value a standalone service runs at unless SERVICE_NICE says otherwise. On a host a
 * service shares with the gateway, the gateway is the door that refuses what the host cannot
 * serve: when every core is busy it must still get one at once, or its refusals wait behind the
 * very work they protect (measured on 2 cores in the overload bench's storm: the gateway's thread
 * spent 30-55 ms at a time runnable but waiting for a core; in four pairs of runs its refused p99
 * was 40-64 ms with the services at 5, 51-68 ms without). Nice values count within one scheduling
 * group (Linux's autogroup makes one per session); a process in a container of its own (compose,
 * Kubernetes) competes through its CPU share instead, and there this changes nothing.
 */
export const DEFAULT_SERVICE_NICE = 5;

/**
 * Lowers this process's CPU priority to `nice` (0-19; 0 leaves it alone). Linux keeps a nice
 * value per thread and a new thread takes its creator's, so every thread running now is set (V8's
 * and libuv's start before our code) and the ones started later follow the main thread. A thread
 * already nicer is left as it is. Elsewhere the value is the process's. Answers the threads set.
 */
export function runAtNice(nice: number): number {
  if (!Number.isInteger(nice) || nice < 0 || nice > 19)
    throw new Error('SERVICE_NICE must be a whole number from 0 to 19');
  if (nice === 0) return 0;
  let set = 0;
  for (const thread of threadIds()) {
    try {
      if (getPriority(thread) >= nice) continue;
      setPriority(thread, nice);
      set += 1;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return set;
}

/** This process's threads (Linux), or the process itself where threads are not listed. */
function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [0];
  }
}

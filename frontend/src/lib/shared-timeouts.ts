import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/**
 * Timers for TanStack Query (a fresh answer's stale timer, an unused query's garbage collection,
 * retry delays), coalesced: every timer due within the same `GRAIN_MS` shares one platform timer.
 *
 * Why: a screen mounts one query observer per hook, and each arms a stale timer and clears its
 * query's GC timer as it subscribes. /social's thirty rows mount about ninety observers in one
 * commit; armed one by one, their timers filled ~100 ms of that task in Lighthouse's trace of a
 * phone (TanStack's timeoutManager docs suggest exactly this provider for many queries). Timers of
 * a second or more are only ever late by under `GRAIN_MS`; shorter ones go to the platform as is.
 */
const GRAIN_MS = 100;
const SHORTEST_SHARED_MS = 1000;

interface Slot {
  platformTimer: ReturnType<typeof setTimeout>;
  callbacks: Map<number, TimeoutCallback>;
}

/** Shared timers are negative ids, so they never collide with the platform's own. */
let lastId = 0;
const slots = new Map<number, Slot>();
const dueOf = new Map<number, number>();

function fire(due: number) {
  const slot = slots.get(due);
  if (!slot) return;
  slots.delete(due);
  for (const [id, callback] of slot.callbacks) {
    dueOf.delete(id);
    callback();
  }
}

function setSharedTimeout(callback: TimeoutCallback, delay: number): ManagedTimerId {
  if (!(delay >= SHORTEST_SHARED_MS) || !Number.isFinite(delay))
    return setTimeout(callback, delay) as ManagedTimerId;
  const now = Date.now();
  const due = Math.ceil((now + delay) / GRAIN_MS) * GRAIN_MS;
  let slot = slots.get(due);
  if (!slot) {
    slot = { platformTimer: setTimeout(() => fire(due), due - now), callbacks: new Map() };
    slots.set(due, slot);
  }
  const id = --lastId;
  slot.callbacks.set(id, callback);
  dueOf.set(id, due);
  return id;
}

function clearSharedTimeout(id: ManagedTimerId | undefined) {
  if (id === undefined) return;
  if (typeof id !== 'number' || id >= 0) {
    clearTimeout(id as ReturnType<typeof setTimeout>);
    return;
  }
  const due = dueOf.get(id);
  if (due === undefined) return;
  dueOf.delete(id);
  const slot = slots.get(due);
  if (!slot) return;
  slot.callbacks.delete(id);
  if (slot.callbacks.size === 0) {
    clearTimeout(slot.platformTimer);
    slots.delete(due);
  }
}

export const sharedTimeouts: TimeoutProvider = {
  setTimeout: setSharedTimeout,
  clearTimeout: clearSharedTimeout,
  setInterval: (callback, delay) => setInterval(callback, delay) as ManagedTimerId,
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
};

/** How many platform timers the shared ones use now (for tests). */
export const platformTimersInUse = () => slots.size;

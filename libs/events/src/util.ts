export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, ms));
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Rejects with `message` if `promise` has not settled after `ms` (the promise itself keeps running). */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  if (!Number.isFinite(ms) || ms <= 0) return promise;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Polls `done()` every `intervalMs` until it holds (true) or `timeoutMs` passes (false). */
export async function pollUntil(done: () => boolean, timeoutMs: number, intervalMs = 20): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(intervalMs, deadline - Date.now()));
  }
  return true;
}

/** Milliseconds left until `deadline` (a Date.now() value); at least 1, as withTimeout ignores 0. */
export function remainingMs(deadline: number): number {
  return Math.max(1, deadline - Date.now());
}

// Small helpers shared by the benchmark scripts.
/* global setTimeout */
import { createServer } from 'node:net';

/** A free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The p-th percentile of sorted numbers (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

/** Polls until check() is true; fails when a started child exits or the time is up. */
export async function waitFor(check, timeoutMs, started = []) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    for (const { child } of started) {
      if (child.exitCode !== null) await started.find((s) => s.child === child).ready;
    }
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting${lastError ? `: ${lastError.message}` : ''}`);
}

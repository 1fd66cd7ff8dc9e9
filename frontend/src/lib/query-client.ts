import { QueryClient, timeoutManager, type QueryClientConfig } from '@tanstack/react-query';
import { isBusyError } from './api';
import { sharedTimeouts } from './shared-timeouts';

/** A read the server shed (503) is tried this many more times before it shows as failed. */
export const BUSY_READ_RETRIES = 4;
const MAX_RETRY_DELAY_MS = 30_000;

/** Spec 1 §7: a failed read is retried once; a read refused as busy, a few times with backoff. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  return failureCount < (isBusyError(error) ? BUSY_READ_RETRIES : 1);
}

/**
 * Doubling backoff (TanStack's default: 1 s, 2 s, 4 s ...), never sooner than the server's
 * Retry-After, with up to 25% jitter on busy answers so refused clients do not return in step.
 */
export function readRetryDelay(failureCount: number, error: unknown, random = Math.random): number {
  const backoff = Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
  if (!isBusyError(error)) return backoff;
  const delay = Math.max(backoff, error.retryAfterMs ?? 0);
  return Math.min(MAX_RETRY_DELAY_MS, Math.round(delay * (1 + 0.25 * random())));
}

/** Spec 1 §7 / §9: reads cached 5 minutes, failed reads retried (above), no refetch on focus. */
export function createQueryClient(): QueryClient {
  // Before any query exists: timers armed by one provider cannot be cleared by another.
  timeoutManager.setTimeoutProvider(sharedTimeouts);
  return new QueryClient(queryClientConfig());
}

/** The client's settings, shared with the server render (`entry-server.tsx`). */
export function queryClientConfig() {
  return {
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: shouldRetryRead,
        retryDelay: readRetryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: {
        // Writes are not idempotent: a refusal is shown, never repeated behind the user's back.
        retry: false,
      },
    },
  } satisfies QueryClientConfig;
}

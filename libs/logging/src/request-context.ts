import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request id of the work in progress (HTTP request or event), if any. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/** Runs `fn` with `requestId` as the current request id (used by event consumers and HTTP hooks). */
export function runWithRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  return storage.run({ requestId: requestId ?? randomUUID() }, fn);
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * The id of an incoming request: the caller's x-request-id when it looks sane (so one user action
 * keeps one id across the gateway, the services and their events), else a fresh uuid.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && SAFE_ID.test(given) ? given : randomUUID();
}

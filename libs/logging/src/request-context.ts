import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { INTERNAL_HEADERS } from '@dinebuds/contracts';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request id of the work in progress (HTTP request or event), if any. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/** Runs `fn` with `requestId` as the current request id (used by event consumers). */
export function runWithRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  return storage.run({ requestId: requestId ?? randomUUID() }, fn);
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

interface MinimalRequest {
  headers: Record<string, string | string[] | undefined>;
}
interface MinimalResponse {
  setHeader(name: string, value: string): unknown;
}

/**
 * Express middleware: takes the caller's x-request-id (when it looks sane) or makes one, echoes it
 * on the response and keeps it for the rest of the request, so logs, RPC calls and outbox events
 * of one user action share it.
 */
export function requestContextMiddleware(req: MinimalRequest, res: MinimalResponse, next: () => void): void {
  const header = req.headers[INTERNAL_HEADERS.requestId];
  const given = Array.isArray(header) ? header[0] : header;
  const requestId = given && SAFE_ID.test(given) ? given : randomUUID();
  req.headers[INTERNAL_HEADERS.requestId] = requestId;
  res.setHeader(INTERNAL_HEADERS.requestId, requestId);
  storage.run({ requestId }, next);
}

import { INTERNAL_HEADERS, type Caller } from '@dinebuds/contracts';

/** Where InternalAuthGuard leaves the caller it verified; the caller decorators read only this. */
export const VERIFIED_CALLER = Symbol('dinebuds:verified-caller');

export interface InternalRequest {
  headers: Record<string, string | string[] | undefined>;
  [VERIFIED_CALLER]?: Caller | null;
}

/** Parses the caller the gateway established. Only InternalAuthGuard calls it, after the token check. */
export function callerFromHeaders(headers: Record<string, string | string[] | undefined>): Caller | null {
  const rawId = headers[INTERNAL_HEADERS.callerId];
  const id = Number(Array.isArray(rawId) ? rawId[0] : rawId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const session = headers[INTERNAL_HEADERS.callerSessionId];
  return {
    userId: id,
    isAdmin: headers[INTERNAL_HEADERS.callerIsAdmin] === 'true',
    sessionId: typeof session === 'string' ? session : null,
  };
}

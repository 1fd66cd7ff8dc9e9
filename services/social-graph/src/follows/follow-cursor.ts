import { badRequest } from '@dinebuds/errors';

/**
 * Position in a followers / following list, which is ordered newest first by (created_at, id):
 * the next page starts strictly after it. created_at travels as whole microseconds since the
 * epoch (PostgreSQL's own precision), so no follow is skipped or repeated between pages.
 */
export interface FollowCursor {
  createdAtMicros: number;
  id: number;
}

export const INVALID_CURSOR = 'cursor is not valid';

const VERSION = 'f1';
const MAX_ID = 2_147_483_647;

/** Opaque to clients: base64url of `f1:<micros>:<id>`. */
export function encodeFollowCursor(cursor: FollowCursor): string {
  return Buffer.from(`${VERSION}:${cursor.createdAtMicros}:${cursor.id}`).toString('base64url');
}

/** Reads a cursor made by encodeFollowCursor; anything else is a 400, never a query error. */
export function decodeFollowCursor(text: string): FollowCursor {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) throw badRequest(INVALID_CURSOR);
  const match = /^f1:(\d{1,16}):(\d{1,10})$/.exec(Buffer.from(text, 'base64url').toString('latin1'));
  if (!match) throw badRequest(INVALID_CURSOR);
  const createdAtMicros = Number(match[1]);
  const id = Number(match[2]);
  if (!Number.isSafeInteger(createdAtMicros) || id < 1 || id > MAX_ID) throw badRequest(INVALID_CURSOR);
  return { createdAtMicros, id };
}

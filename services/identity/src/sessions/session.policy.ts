import type { SessionEntity } from './session.entity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A session counts while it is neither revoked nor expired. */
export function isSessionActive(session: Pick<SessionEntity, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  return session.revokedAt === null && session.expiresAt.getTime() > now.getTime();
}

/** Sliding activity: write last_seen_at (and push expiry) at most once per interval. */
export function shouldTouch(
  session: Pick<SessionEntity, 'lastSeenAt'>,
  now: Date,
  intervalMs: number,
): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= intervalMs;
}

export function expiryFrom(now: Date, ttlMs: number): Date {
  return new Date(now.getTime() + ttlMs);
}

/** User agent and address are free text from the client: keep them to the column sizes. */
export function clientText(value: string | null | undefined, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
}

import type { CookieOptions } from 'express';

export const SESSION_COOKIE = 'dinebuds_sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Longest cookie value worth asking identity about; anything longer is not one of ours. */
const MAX_TOKEN_LENGTH = 512;

/** Attributes of the session cookie: HttpOnly, SameSite=Lax, whole site, 30 days. */
export function sessionCookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: SESSION_MAX_AGE_MS };
}

/** The same attributes without a lifetime: a browser only drops a cookie whose attributes match. */
export function clearSessionCookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure };
}

/** Printable ASCII: cookie-parser decodes %00 and friends, which no token of ours contains. */
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

/** The session token of a request (cookie-parser has run), or null. */
export function readSessionToken(req: { cookies?: Record<string, unknown> }): string | null {
  const value = req.cookies?.[SESSION_COOKIE];
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TOKEN_LENGTH) return null;
  if (!TOKEN_CHARACTERS.test(value)) return null;
  return value;
}

/** The session cookie's attributes, with maxAge in milliseconds. */
export interface CookieOptions {
  httpOnly: boolean;
  sameSite: 'lax';
  path: string;
  secure: boolean;
  maxAge?: number;
}

/** What @fastify/cookie writes on a reply (maxAge in seconds). */
export interface CookieReply {
  setCookie(name: string, value: string, options: Record<string, unknown>): unknown;
  clearCookie(name: string, options: Record<string, unknown>): unknown;
}

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

/** Printable ASCII: the cookie parser decodes %00 and friends, which no token of ours contains. */
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

/** The session token of a request (@fastify/cookie has parsed it), or null. */
export function readSessionToken(req: { cookies?: Record<string, unknown> }): string | null {
  const value = req.cookies?.[SESSION_COOKIE];
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TOKEN_LENGTH) return null;
  if (!TOKEN_CHARACTERS.test(value)) return null;
  return value;
}

/**
 * Sends the session cookie with Max-Age and Expires both (old browsers read only Expires), as
 * Express's res.cookie did; @fastify/cookie takes maxAge in seconds.
 */
export function setSessionCookie(reply: CookieReply, token: string, secure: boolean): void {
  const { maxAge = SESSION_MAX_AGE_MS, ...attributes } = sessionCookieOptions(secure);
  reply.setCookie(SESSION_COOKIE, token, {
    ...attributes,
    maxAge: Math.floor(maxAge / 1000),
    expires: new Date(Date.now() + maxAge),
  });
}

/** Tells the browser to drop the session cookie (Expires in 1970). */
export function clearSessionCookie(reply: CookieReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { ...clearSessionCookieOptions(secure) });
}

import { createHash, randomBytes } from 'node:crypto';

/** The cookie secret: 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the secret: hex SHA-256 (a stolen table grants no session). */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Tokens we issue are 43 base64url characters; anything else cannot be a session. */
export function looksLikeSessionToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

import { describe, expect, it } from '@jest/globals';
import {
  SESSION_COOKIE,
  SESSION_MAX_AGE_MS,
  clearSessionCookieOptions,
  readSessionToken,
  sessionCookieOptions,
} from './session-cookie.js';
import { clientInfo } from './client-info.js';

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, site-wide, 30 days; Secure only when asked', () => {
    expect(SESSION_COOKIE).toBe('dinebuds_sid');
    expect(SESSION_MAX_AGE_MS).toBe(30 * 24 * 3600 * 1000);
    expect(sessionCookieOptions(false)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: false,
      maxAge: SESSION_MAX_AGE_MS,
    });
    expect(sessionCookieOptions(true).secure).toBe(true);
  });

  it('is cleared with the same attributes', () => {
    const { maxAge: _maxAge, ...attributes } = sessionCookieOptions(true);
    expect(clearSessionCookieOptions(true)).toEqual(attributes);
  });

  it('reads only a plausible token', () => {
    expect(readSessionToken({ cookies: { dinebuds_sid: 'abc' } })).toBe('abc');
    expect(readSessionToken({ cookies: {} })).toBeNull();
    expect(readSessionToken({})).toBeNull();
    expect(readSessionToken({ cookies: { dinebuds_sid: '' } })).toBeNull();
    expect(readSessionToken({ cookies: { dinebuds_sid: 'x'.repeat(513) } })).toBeNull();
    expect(readSessionToken({ cookies: { dinebuds_sid: { j: 1 } } })).toBeNull();
    // cookie-parser decodes 'dinebuds_sid=%00abc'; identity must never be asked about such text.
    expect(readSessionToken({ cookies: { dinebuds_sid: '\u0000abc' } })).toBeNull();
    expect(readSessionToken({ cookies: { dinebuds_sid: 'a b' } })).toBeNull();
    expect(readSessionToken({ cookies: { dinebuds_sid: 'ü' } })).toBeNull();
  });
});

describe('clientInfo', () => {
  it('records the user agent (bounded) and the IP', () => {
    expect(clientInfo({ ip: '10.0.0.1', headers: { 'user-agent': 'Firefox' } })).toEqual({
      userAgent: 'Firefox',
      ipAddress: '10.0.0.1',
    });
    expect(clientInfo({ headers: {} })).toEqual({ userAgent: null, ipAddress: null });
    expect(clientInfo({ headers: { 'user-agent': 'x'.repeat(2000) } }).userAgent).toHaveLength(512);
  });
});

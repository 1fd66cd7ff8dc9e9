import { describe, expect, it } from '@jest/globals';
import { clientText, expiryFrom, isSessionActive, isUuid, shouldTouch } from './session.policy.js';
import { hashSessionToken, looksLikeSessionToken, newSessionToken } from './session-token.js';

describe('session tokens', () => {
  it('are 32 random bytes in base64url, different every time', () => {
    const a = newSessionToken();
    const b = newSessionToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(looksLikeSessionToken(a)).toBe(true);
    expect(looksLikeSessionToken('short')).toBe(false);
  });

  it('are stored as their SHA-256 hex, never as themselves', () => {
    const token = newSessionToken();
    const hash = hashSessionToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashSessionToken(token));
    expect(hash).not.toContain(token);
    expect(hashSessionToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('session policy', () => {
  const now = new Date('2025-06-01T12:00:00Z');

  it('is active until revoked or expired', () => {
    expect(isSessionActive({ revokedAt: null, expiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isSessionActive({ revokedAt: null, expiresAt: now }, now)).toBe(false);
    expect(isSessionActive({ revokedAt: now, expiresAt: new Date(now.getTime() + 1000) }, now)).toBe(false);
  });

  it('touches last_seen_at at most once per interval', () => {
    expect(shouldTouch({ lastSeenAt: new Date(now.getTime() - 59_000) }, now, 60_000)).toBe(false);
    expect(shouldTouch({ lastSeenAt: new Date(now.getTime() - 60_000) }, now, 60_000)).toBe(true);
    expect(expiryFrom(now, 1000).getTime()).toBe(now.getTime() + 1000);
  });

  it('checks uuids and bounds client text', () => {
    expect(isUuid('123e4567-e89b-42d3-a456-426614174000')).toBe(true);
    expect(isUuid("1' OR 1=1")).toBe(false);
    expect(clientText('  ', 10)).toBeNull();
    expect(clientText(null, 10)).toBeNull();
    expect(clientText('x'.repeat(20), 10)).toHaveLength(10);
  });
});

import { describe, expect, it } from '@jest/globals';
import { decodeFollowCursor, encodeFollowCursor, INVALID_CURSOR } from './follow-cursor.js';

describe('follow list cursor', () => {
  it('round-trips a position to microsecond precision', () => {
    const cursor = { createdAtMicros: 1_733_000_000_123_456, id: 42 };
    const text = encodeFollowCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeFollowCursor(text)).toEqual(cursor);
  });

  it('refuses anything it did not make with a 400', () => {
    const bad = [
      '',
      'not a cursor!',
      Buffer.from('f1:123').toString('base64url'),
      Buffer.from('f2:1:1').toString('base64url'),
      Buffer.from('f1:1:0').toString('base64url'),
      Buffer.from('f1:-1:3').toString('base64url'),
      Buffer.from('f1:1:99999999999').toString('base64url'),
      Buffer.from('f1:99999999999999999:1').toString('base64url'),
      'x'.repeat(65),
    ];
    for (const text of bad) {
      expect(() => decodeFollowCursor(text)).toThrow(
        expect.objectContaining({ message: INVALID_CURSOR }) as unknown as Error,
      );
    }
  });
});

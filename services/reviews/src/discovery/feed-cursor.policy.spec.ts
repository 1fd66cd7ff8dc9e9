import { describe, expect, it } from '@jest/globals';
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor.policy.js';

describe('feed cursors', () => {
  it('round-trips a position', () => {
    const cursor = { micros: '1732634567123456', kind: 2, id: 12 };
    expect(encodeFeedCursor(cursor)).toBe('1732634567123456_2_12');
    expect(decodeFeedCursor(encodeFeedCursor(cursor))).toEqual(cursor);
    // A status (kind 3) ends a page as well as the other kinds.
    expect(decodeFeedCursor('1732634567123456_3_5')).toEqual({ micros: '1732634567123456', kind: 3, id: 5 });
  });

  it('refuses what this service did not write', () => {
    for (const bad of ['', 'abc', '1_4_1', '1_2_0', '1_2_99999999999', '1_2_1_', '-1_2_1'])
      expect(decodeFeedCursor(bad)).toBeNull();
  });
});

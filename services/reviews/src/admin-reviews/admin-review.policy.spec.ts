import { describe, expect, it } from '@jest/globals';
import { deletionByAdmin, searchKey } from './admin-review.policy.js';

describe('admin review rules', () => {
  it("lets the author delete their own review, and an admin anyone's (then it is an admin action)", () => {
    expect(deletionByAdmin({ userId: 4, isAdmin: false }, 4)).toBe(false);
    expect(deletionByAdmin({ userId: 4, isAdmin: true }, 4)).toBe(false);
    expect(deletionByAdmin({ userId: 9, isAdmin: true }, 4)).toBe(true);
    expect(() => deletionByAdmin({ userId: 9, isAdmin: false }, 4)).toThrow(
      'You can only change your own reviews',
    );
  });

  it('reads blank search text as none', () => {
    expect(searchKey('  Pizza ')).toBe('pizza');
    expect(searchKey('   ')).toBeNull();
    expect(searchKey(undefined)).toBeNull();
  });
});

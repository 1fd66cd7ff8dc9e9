import { describe, expect, it } from '@jest/globals';
import { isNewerFollowChange } from './follow-change.policy.js';

describe('follow changes in order per edge', () => {
  it('applies a newer version, ignores a repeat or an older one', () => {
    expect(isNewerFollowChange(2, 1)).toBe(true);
    expect(isNewerFollowChange(2, 2)).toBe(false);
    expect(isNewerFollowChange(1, 3)).toBe(false);
  });

  it('applies unnumbered changes (older producers) and the first numbered one', () => {
    expect(isNewerFollowChange(null, 4)).toBe(true);
    expect(isNewerFollowChange(1, null)).toBe(true);
  });
});

import { describe, expect, it } from '@jest/globals';
import { isNewerUserChange } from './user-change.policy.js';

const at = (ms: number) => new Date(ms);

describe('identity changes applied in order per user', () => {
  it('takes a higher version and ignores a repeat or an older one', () => {
    const stored = { version: 3, syncedAt: at(1000) };
    expect(isNewerUserChange({ version: 4, occurredAt: at(900) }, stored)).toBe(true);
    expect(isNewerUserChange({ version: 3, occurredAt: at(2000) }, stored)).toBe(false);
    expect(isNewerUserChange({ version: 2, occurredAt: at(2000) }, stored)).toBe(false);
  });

  it('falls back to occurredAt when either side has no version', () => {
    expect(
      isNewerUserChange({ version: null, occurredAt: at(1000) }, { version: 3, syncedAt: at(1000) }),
    ).toBe(true);
    expect(
      isNewerUserChange({ version: 5, occurredAt: at(999) }, { version: null, syncedAt: at(1000) }),
    ).toBe(false);
  });
});

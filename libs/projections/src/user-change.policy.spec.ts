import { describe, expect, it } from '@jest/globals';
import { isNewerUserChange } from './user-change.policy.js';

describe('identity user changes in order', () => {
  it("identity's user version orders profile changes; without versions, time does", () => {
    const at = new Date('2024-01-01T00:00:00Z');
    const later = new Date('2024-01-02T00:00:00Z');
    expect(isNewerUserChange({ version: 3, occurredAt: at }, { version: 2, syncedAt: later })).toBe(true);
    expect(isNewerUserChange({ version: 2, occurredAt: later }, { version: 2, syncedAt: at })).toBe(false);
    expect(isNewerUserChange({ version: null, occurredAt: later }, { version: 2, syncedAt: at })).toBe(true);
    expect(isNewerUserChange({ version: null, occurredAt: at }, { version: null, syncedAt: later })).toBe(
      false,
    );
  });
});

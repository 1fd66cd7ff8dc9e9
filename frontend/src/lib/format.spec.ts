import { describe, expect, it } from '@jest/globals';
import { formatCount, formatShortDate } from './format';

describe('formatCount', () => {
  it('groups thousands with commas, as English toLocaleString does', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -4321, 12.5]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});

describe('formatShortDate', () => {
  it('writes the date as English toLocaleDateString does, every month', () => {
    const options = { year: 'numeric', month: 'short', day: 'numeric' } as const;
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2026, month, day, 12);
        expect(formatShortDate(date)).toBe(date.toLocaleDateString('en-US', options));
      }
    }
    const invalid = new Date('not a date');
    expect(formatShortDate(invalid)).toBe(invalid.toLocaleDateString('en-US', options));
  });
});

import { describe, expect, it } from '@jest/globals';
import {
  formatCount,
  formatDateTime,
  formatShortDate,
  formattersKept,
  MAX_FORMATTERS,
  withFormatZone,
} from './format';

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

describe('formatters on the server', () => {
  it('keeps at most MAX_FORMATTERS however many zones it renders for', () => {
    const zones = Intl.supportedValuesOf('timeZone').slice(0, MAX_FORMATTERS + 20);
    expect(zones.length).toBe(MAX_FORMATTERS + 20);
    for (const timeZone of zones) withFormatZone({ timeZone }, () => formatDateTime('2026-11-27T12:00:00Z'));
    expect(formattersKept()).toBe(MAX_FORMATTERS);
    expect(
      withFormatZone({ timeZone: 'Pacific/Kiritimati' }, () => formatDateTime('2026-11-27T12:00:00Z')),
    ).toContain('Nov 28, 2026');
  });
});

import { describe, expect, it } from '@jest/globals';
import { cleanStatus, closesAt, endsAt, isOpen } from './check-in.policy.js';

const at = (iso: string) => new Date(iso);

describe('check-ins', () => {
  const checkIn = { isActive: true, checkedInAt: at('2026-01-01T12:00:00Z') };

  it('close by themselves 4 hours after they began', () => {
    expect(closesAt(checkIn.checkedInAt).toISOString()).toBe('2026-01-01T16:00:00.000Z');
    expect(isOpen(checkIn, at('2026-01-01T15:59:59Z'))).toBe(true);
    expect(isOpen(checkIn, at('2026-01-01T16:00:00Z'))).toBe(false);
    expect(isOpen({ ...checkIn, isActive: false }, at('2026-01-01T12:30:00Z'))).toBe(false);
  });

  it('end now when closed in time, else at their closing time', () => {
    expect(endsAt(checkIn, at('2026-01-01T13:00:00Z')).toISOString()).toBe('2026-01-01T13:00:00.000Z');
    expect(endsAt(checkIn, at('2026-01-02T09:00:00Z')).toISOString()).toBe('2026-01-01T16:00:00.000Z');
  });

  it('keep a status line trimmed, none when blank', () => {
    expect(cleanStatus('  Tasting menu ')).toBe('Tasting menu');
    expect(cleanStatus('   ')).toBeNull();
    expect(cleanStatus(undefined)).toBeNull();
    expect(cleanStatus(null)).toBeNull();
  });
});

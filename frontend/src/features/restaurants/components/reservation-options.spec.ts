import { describe, expect, it } from '@jest/globals';
import {
  DATES_GENERATED,
  isPastSlot,
  reservationDates,
  reservationUrl,
  TIME_SLOTS,
  timeLabel,
} from './reservation-options';

const OPENTABLE = 'https://www.opentable.com/s?dateTime={date}T{time}&covers={partySize}&term={name}';

describe('reservation options (spec 2 §9)', () => {
  it('generates 14 dates from today: Today, Tomorrow, then weekday labels', () => {
    // Monday 28 December 2026, late evening: the list crosses into the next year.
    const dates = reservationDates(new Date(2026, 11, 28, 23, 10));
    expect(dates).toHaveLength(DATES_GENERATED);
    expect(dates.slice(0, 5).map((d) => d.label)).toEqual(['Today', 'Tomorrow', 'Wed', 'Thu', 'Fri']);
    expect(dates[0]).toEqual({ value: '2026-12-28', label: 'Today', detail: 'Dec 28' });
    expect(dates[4]?.value).toBe('2027-01-01');
    expect(dates[13]?.value).toBe('2027-01-10');
  });

  it('offers a slot every 30 minutes from 17:00 to 22:30', () => {
    expect(TIME_SLOTS).toEqual([
      '17:00',
      '17:30',
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
      '22:30',
    ]);
    expect(timeLabel('17:30')).toBe('5:30 PM');
  });

  it("marks only today's slots that have begun as past", () => {
    const now = new Date(2026, 10, 23, 19, 0);
    expect(isPastSlot('2026-11-23', '18:30', now)).toBe(true);
    expect(isPastSlot('2026-11-23', '19:00', now)).toBe(true);
    expect(isPastSlot('2026-11-23', '19:30', now)).toBe(false);
    expect(isPastSlot('2026-11-24', '17:00', now)).toBe(false);
  });

  it('fills the template with the URL-encoded choices', () => {
    expect(
      reservationUrl(OPENTABLE, { date: '2026-11-24', time: '19:30', partySize: 4, name: 'Café & Bar #1' }),
    ).toBe(
      'https://www.opentable.com/s?dateTime=2026-11-24T19%3A30&covers=4&term=Caf%C3%A9%20%26%20Bar%20%231',
    );
    expect(
      reservationUrl('https://book.example/{name}/{unknown}', {
        date: '',
        time: '',
        partySize: 2,
        name: 'a/b',
      }),
    ).toBe('https://book.example/a%2Fb/{unknown}');
  });
});

import { describe, expect, it } from '@jest/globals';
import { badgeCount, letsGoPlace, splitMessageText, splitShareText } from './message-text';
import { formatDateTime, formatMonthDay, formatTime } from './message-time';

describe('message text', () => {
  it('turns [id:name] and RESTAURANT_SHARE:id:name into restaurant links', () => {
    expect(splitMessageText('Try [12:Sushi Bar] tonight')).toEqual([
      { kind: 'text', text: 'Try ' },
      { kind: 'restaurant', id: 12, name: 'Sushi Bar' },
      { kind: 'text', text: ' tonight' },
    ]);
    expect(splitMessageText('RESTAURANT_SHARE:7:Taco Town')).toEqual([
      { kind: 'restaurant', id: 7, name: 'Taco Town' },
    ]);
  });

  it('leaves plain text and a zero id alone', () => {
    expect(splitMessageText('Hello [there]')).toEqual([{ kind: 'text', text: 'Hello [there]' }]);
    expect(splitMessageText('[0:Nowhere]')).toEqual([{ kind: 'text', text: '[0:Nowhere]' }]);
  });

  it('links the shared place where the text names it, else after the text', () => {
    expect(splitShareText("Let's go to Nopa soon!", 3, 'Nopa')).toEqual([
      { kind: 'text', text: "Let's go to " },
      { kind: 'restaurant', id: 3, name: 'Nopa' },
      { kind: 'text', text: ' soon!' },
    ]);
    expect(splitShareText('Look', 3, 'Nopa')).toEqual([
      { kind: 'text', text: 'Look' },
      { kind: 'text', text: ' ' },
      { kind: 'restaurant', id: 3, name: 'Nopa' },
    ]);
  });

  it('finds the place of "Let\'s go to {place} soon!"', () => {
    expect(letsGoPlace("Let's go to Chez Panisse soon!")).toEqual({
      before: "Let's go to ",
      place: 'Chez Panisse',
      after: ' soon!',
    });
    expect(letsGoPlace('Hi')).toBeNull();
  });

  it('shows 99+ above 99', () => {
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
});

describe('message times', () => {
  const at = new Date(2025, 0, 5, 15, 7).toISOString();
  const midnight = new Date(2025, 11, 31, 0, 30).toISOString();

  it("formats 'h:mm a', 'MMM d, h:mm a' and month-day", () => {
    expect(formatTime(at)).toBe('3:07 PM');
    expect(formatTime(midnight)).toBe('12:30 AM');
    expect(formatDateTime(at)).toBe('Jan 5, 3:07 PM');
    expect(formatMonthDay(midnight)).toBe('Dec 31');
    expect(formatTime('nonsense')).toBe('');
  });
});

/**
 * Spec 2 §9 reservation choices. We hold no availability, so every future slot is offered and
 * the reservation site (the operator's `reservationUrlTemplate`) says what is really free.
 */

export const PARTY_SIZES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const DEFAULT_PARTY_SIZE = 2;
/** 14 dates are generated, the first 8 shown. */
export const DATES_GENERATED = 14;
export const DATES_SHOWN = 8;

export interface ReservationDate {
  /** YYYY-MM-DD in the visitor's time zone. */
  value: string;
  /** "Today", "Tomorrow", then the weekday ("Wed"). */
  label: string;
  /** "Nov 25". */
  detail: string;
}

export interface ReservationChoice {
  date: string;
  time: string;
  partySize: number;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDate(day: Date): string {
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export function reservationDates(now: Date, count = DATES_GENERATED): ReservationDate[] {
  return Array.from({ length: count }, (_, offset) => {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
    const label =
      offset === 0
        ? 'Today'
        : offset === 1
          ? 'Tomorrow'
          : day.toLocaleDateString('en-US', { weekday: 'short' });
    return {
      value: isoDate(day),
      label,
      detail: day.toLocaleDateString('en-US', { month: 'short', day: 'numeric' }),
    };
  });
}

/** Every 30 minutes from 17:00 to 22:30. */
export const TIME_SLOTS: readonly string[] = Array.from(
  { length: 12 },
  (_, i) => `${pad(17 + Math.floor(i / 2))}:${i % 2 === 0 ? '00' : '30'}`,
);

/** A slot of today that has already begun cannot be booked. */
export function isPastSlot(date: string, time: string, now: Date): boolean {
  if (date !== isoDate(now)) return false;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes <= now.getHours() * 60 + now.getMinutes();
}

/** "7:30 PM" for the summary; the URL keeps "19:30". */
export function timeLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(2000, 0, 1, hours, minutes).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
  });
}

const PLACEHOLDER = /\{(date|time|partySize|name)\}/g;

/** Fills the operator's template; each value is URL-encoded, so a name cannot break the URL. */
export function reservationUrl(template: string, choice: ReservationChoice): string {
  return template.replace(PLACEHOLDER, (_, key: keyof ReservationChoice) =>
    encodeURIComponent(String(choice[key])),
  );
}

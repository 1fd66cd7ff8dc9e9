/**
 * The visitor's time zone and locale while the server renders a page (`entry-server.tsx`, which
 * reads them from the request), so the page's dates are the ones the browser will write when it
 * takes the page over. Unset in the browser: its own zone and language.
 */
export interface FormatZone {
  timeZone?: string;
  locale?: string;
}
let zone: FormatZone = {};

/** Runs `render` (synchronous: a server render) with dates written for `next`. */
export function withFormatZone<T>(next: FormatZone, render: () => T): T {
  const previous = zone;
  zone = next;
  try {
    return render();
  } finally {
    zone = previous;
  }
}

/** Formatters kept per kind: the server renders for many visitors' zones; the browser has one. */
export const MAX_FORMATTERS = 200;

/**
 * Made on first use, not when the module loads: building an Intl formatter loads locale data
 * (about 80 ms on a phone-class CPU), and this module rides in the chunk of every user list,
 * most of which never format a date. One per zone and locale (one in the browser), at most
 * `MAX_FORMATTERS`: past that the oldest is dropped, so visitors' headers cannot grow the server's
 * memory without bound.
 */
function cached<T>(make: (zone: FormatZone) => T): (() => T) & { size: () => number } {
  const made = new Map<string, T>();
  const get = () => {
    const key = `${zone.locale ?? ''}|${zone.timeZone ?? ''}`;
    let value = made.get(key);
    if (value === undefined) {
      if (made.size >= MAX_FORMATTERS) made.delete(made.keys().next().value as string);
      made.set(key, (value = make(zone)));
    }
    return value;
  };
  return Object.assign(get, { size: () => made.size });
}
const dateTime = cached(
  ({ locale, timeZone }) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
);
const relative = cached(({ locale }) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
const shortDateInZone = cached(
  ({ timeZone }) =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone }),
);

/** How many formatters the largest cache holds (for tests). */
export const formattersKept = () => Math.max(dateTime.size(), relative.size(), shortDateInZone.size());

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date);
}

/** '5 minutes ago', 'yesterday', ... falling back to the full date after a month. */
export function formatRelative(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const seconds = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < 3600) return relative().format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return relative().format(Math.round(seconds / 3600), 'hour');
  if (abs < 86400 * 30) return relative().format(Math.round(seconds / 86400), 'day');
  return formatDateTime(iso);
}

/** A short description of a browser from its user-agent string, e.g. 'Chrome on macOS'. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl|node|undici|axios|Playwright|HeadlessChrome/i.test(ua)
              ? 'Script or test client'
              : 'Browser';
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return os ? `${browser} on ${os}` : browser;
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * A count with thousands separators ('1,234'), without Intl: the first `toLocaleString` of a page
 * loads ICU's number data, 60-120 ms of a phone-class CPU on /social and /profile just to print
 * follower counts. The interface is English, so English grouping is right.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole, fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date as English 'Nov 27, 2026' (local time), without Intl: the first `toLocaleDateString` of a
 * page loads ICU's date data, which on the restaurant page was 420 ms of a 4x-throttled CPU inside
 * the one synchronous render of the restaurant's answer. Same text as
 * `toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })`.
 */
export function formatShortDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  if (zone.timeZone) return shortDateInZone().format(date);
  return `${SHORT_MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

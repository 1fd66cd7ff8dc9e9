import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { TIME_ZONE_COOKIE } from '@dinebuds/contracts';
import { rememberTimeZone, rememberTimeZoneWhenSettled } from './time-zone';

describe("the browser's time zone, kept for the server render", () => {
  afterEach(() => {
    document.cookie = `${TIME_ZONE_COOKIE}=; Path=/; Max-Age=0`;
  });

  it('is written into its cookie', () => {
    rememberTimeZone();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(document.cookie.split('; ')).toContain(`${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`);
  });

  it('replaces a zone the browser has left', () => {
    document.cookie = `${TIME_ZONE_COOKIE}=Pacific%2FAuckland; Path=/`;
    rememberTimeZone();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`);
  });

  it('is written once the page has settled, not while it starts', () => {
    jest.useFakeTimers();
    try {
      rememberTimeZoneWhenSettled(document, 8000);
      jest.advanceTimersByTime(7999);
      expect(document.cookie).not.toContain(`${TIME_ZONE_COOKIE}=`);
      jest.advanceTimersByTime(1);
      expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=`);
    } finally {
      jest.useRealTimers();
    }
  });

  it('is written when the page is hidden before it has settled', () => {
    rememberTimeZoneWhenSettled(document, 60_000);
    expect(document.cookie).not.toContain(`${TIME_ZONE_COOKIE}=`);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=`);
    } finally {
      delete (document as unknown as { visibilityState?: string }).visibilityState;
    }
  });
});

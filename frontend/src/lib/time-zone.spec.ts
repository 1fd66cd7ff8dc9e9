import { afterEach, describe, expect, it } from '@jest/globals';
import { rememberTimeZone, TIME_ZONE_COOKIE } from './time-zone';

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
});

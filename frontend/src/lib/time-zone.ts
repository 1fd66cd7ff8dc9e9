import { TIME_ZONE_COOKIE } from '@dinebuds/contracts';

/**
 * Keeps the browser's time zone in a cookie, so the pages the gateway renders write dates as this
 * browser does (a review's day, a message's time) and hydrate without a difference. Written
 * only when it changed: a phone that travels updates it on its next visit.
 */
export function rememberTimeZone(doc: Document = document): void {
  let zone: string;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  if (!zone) return;
  const value = encodeURIComponent(zone);
  if (doc.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${value}`)) return;
  doc.cookie = `${TIME_ZONE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** How long after the app starts the zone is written, unless the page is hidden first. */
export const SETTLED_AFTER_MS = 8000;

/**
 * Remembers the zone for the pages the gateway renders next, not this one, off the page's
 * critical path: the first Intl call loads the time zone data (~30 ms of a desktop CPU, a long
 * task on a phone's), so it runs once the page has settled (then when the browser is idle), or
 * when the page is hidden (the diner leaves or switches away), whichever comes first.
 */
export function rememberTimeZoneWhenSettled(
  doc: Document = document,
  settledAfterMs = SETTLED_AFTER_MS,
): void {
  let remembered = false;
  const rememberOnce = () => {
    if (remembered) return;
    remembered = true;
    rememberTimeZone(doc);
  };
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(rememberOnce);
    else rememberOnce();
  }, settledAfterMs);
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') rememberOnce();
  });
}

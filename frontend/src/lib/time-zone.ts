/** The cookie that tells the server render the visitor's time zone (gateway/src/spa/server-render.ts). */
export const TIME_ZONE_COOKIE = 'dinebuds_tz';

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

/**
 * What the web client and the gateway's page render (gateway/src/spa/server-render.ts) agree on:
 * the cookie the app keeps the browser's time zone in, so the pages the gateway renders write
 * dates as the browser does.
 */
export const TIME_ZONE_COOKIE = 'dinebuds_tz';

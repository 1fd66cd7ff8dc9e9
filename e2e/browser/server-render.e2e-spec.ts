import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ReviewDto } from '@dinebuds/contracts';
import { eventually } from '@dinebuds/testing';
import { uniqueUsername } from '../support/api-client.js';
import { launchBrowser, register, VIEWPORTS, waitForApp } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Render#123';

/** What a page looked like when it arrived, and after the app took it over. */
interface Visit {
  /** The page's HTML carried the app's state: the gateway rendered it. */
  rendered: boolean;
  /** The text of `<main>` as it arrived. */
  servedText: string;
  /** The first heading of `<main>` as it arrived is still the one on screen (hydrated). */
  sameHeading: boolean;
  /** Page errors: a hydration mismatch is one (React then renders the page anew). */
  errors: string[];
  /** The API reads the browser made itself. */
  reads: string[];
}

/**
 * Pages rendered by the gateway (gateway/src/spa/server-render.ts, frontend/src/entry-server.tsx)
 * and hydrated by the app, against the all-in-one mode (frontend/dist and dist-ssr built): the
 * content is in the HTML, the app takes it over without replacing it or asking for its reads
 * again, on every screen a signed-in diner opens first, at a phone's size and a desktop's.
 */
describe('pages rendered on the server, hydrated in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let diner: BrowserContext;
  let dinerCookie: string;
  let restaurantId: number;

  beforeAll(async () => {
    system = await startAllInOneSystem();
    browser = await launchBrowser();
    diner = await browser.newContext({ baseURL: system.baseUrl });
    const other = await browser.newContext({ baseURL: system.baseUrl });
    await register(other, { username: uniqueUsername('otto'), password: PASSWORD, name: 'Otto Other' });
    await other.close();
    await register(diner, { username: uniqueUsername('rosa'), password: PASSWORD, name: 'Rosa Render' });
    const written = await diner.request.post('/api/reviews', {
      data: {
        restaurantName: 'Taqueria $$ Uno',
        address: '1 Mission St, San Francisco, CA',
        rating: 4,
        notes: 'Al pastor worth the queue.',
      },
    });
    expect(written.status()).toBe(201);
    restaurantId = ((await written.json()) as ReviewDto).restaurantId;
    dinerCookie = (await diner.cookies()).find((cookie) => cookie.name === 'dinebuds_sid')!.value;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  /** A fresh context (signed in as the diner or not) at the given size and time zone. */
  async function contextFor(
    signedIn: boolean,
    viewport: { width: number; height: number },
    timezoneId = 'UTC',
  ): Promise<BrowserContext> {
    const context = await browser.newContext({ baseURL: system.baseUrl, viewport, timezoneId });
    if (signedIn)
      await context.addCookies([{ name: 'dinebuds_sid', value: dinerCookie, url: system.baseUrl }]);
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const main = document.querySelector('#root main');
        Object.assign(window, {
          servedHeading: main?.querySelector('h1, h2') ?? null,
          servedText: main?.textContent ?? '',
        });
      });
    });
    return context;
  }

  async function visit(context: BrowserContext, path: string): Promise<Visit & { page: Page }> {
    const page = await context.newPage();
    const errors: string[] = [];
    const reads: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) reads.push(url.pathname);
    });
    const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
    const html = (await response?.text()) ?? '';
    await waitForApp(page);
    const [servedText, sameHeading] = await page.evaluate(() => {
      const served = window as unknown as { servedHeading: Element | null; servedText: string };
      const now = document.querySelector('#root main')?.querySelector('h1, h2') ?? null;
      return [served.servedText, served.servedHeading !== null && served.servedHeading === now] as const;
    });
    return { page, rendered: html.includes('id="server-state"'), servedText, sameHeading, errors, reads };
  }

  const signedInPages: [string, RegExp][] = [
    ['/', /Feed/],
    ['/profile', /Rosa Render/],
    // The list of diners to follow is in the page as rendered, not only after the app has started.
    ['/social', /Search Buds[\s\S]*Otto Other/],
    ['/discover', /Find top-rated restaurants/],
    ['/messages', /Messages/],
    ['/settings', /Manage your profile/],
  ];

  for (const { name, viewport } of VIEWPORTS) {
    it(`hydrates every first screen of a signed-in diner without a difference or a repeated read (${name})`, async () => {
      const context = await contextFor(true, viewport);
      try {
        for (const [path, content] of signedInPages) {
          const seen = await visit(context, path);
          expect({ path, rendered: seen.rendered, errors: seen.errors }).toEqual({
            path,
            rendered: true,
            errors: [],
          });
          expect(seen.servedText).toMatch(content);
          expect({ path, sameHeading: seen.sameHeading }).toEqual({ path, sameHeading: true });
          // The session and the screen's reads came with the page.
          expect({ path, reads: seen.reads.filter((read) => read === '/api/user') }).toEqual({
            path,
            reads: [],
          });
          await seen.page.close();
        }
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it('renders the sign-in screen and the restaurant page for a visitor, and sends a protected page to /auth', async () => {
    const context = await contextFor(false, VIEWPORTS[1].viewport);
    try {
      const auth = await visit(context, '/auth');
      expect([auth.rendered, auth.errors]).toEqual([true, []]);
      expect(auth.servedText).toMatch(/Sign In/);
      const restaurant = await visit(context, `/restaurant/${restaurantId}`);
      expect([restaurant.rendered, restaurant.errors, restaurant.sameHeading]).toEqual([true, [], true]);
      // A `$` in the content is text (the gateway writes the page with function replacers).
      expect(restaurant.servedText).toContain('Taqueria $$ Uno');
      expect(restaurant.reads.filter((read) => read === `/api/restaurants/${restaurantId}`)).toEqual([]);
      const page = await context.newPage();
      const response = await page.goto('/profile');
      expect(await response?.text()).not.toContain('id="server-state"');
      await page.waitForURL('**/auth');
    } finally {
      await context.close();
    }
  }, 120_000);

  it("writes dates in the visitor's time zone once the app has told the gateway which it is", async () => {
    // UTC+14: the review, written today in UTC, is dated tomorrow there for most of the day.
    const context = await contextFor(false, VIEWPORTS[1].viewport, 'Pacific/Kiritimati');
    try {
      const first = await visit(context, `/restaurant/${restaurantId}`);
      // Written once the page has settled (8 s), off its critical path (lib/time-zone.ts).
      await eventually(async () => {
        const cookie = (await context.cookies()).find((entry) => entry.name === 'dinebuds_tz');
        return cookie?.value === encodeURIComponent('Pacific/Kiritimati');
      }, 30_000);
      await first.page.close();
      const second = await visit(context, `/restaurant/${restaurantId}`);
      expect([second.rendered, second.errors, second.sameHeading]).toEqual([true, [], true]);
      const local = await second.page.evaluate(() =>
        new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
      );
      expect(second.servedText).toContain(local);
    } finally {
      await context.close();
    }
  }, 120_000);
});

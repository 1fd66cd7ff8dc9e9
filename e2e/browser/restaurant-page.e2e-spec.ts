import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CurrentUserDto, RestaurantDetailDto, ReviewDto } from '@dinebuds/contracts';
import { eventually } from '@dinebuds/testing';
import { uniqueUsername } from '../support/api-client.js';
import { launchBrowser, openPage, reloadPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Review#123';
// A 1x1 PNG: a map tile this machine cannot fetch, and a photo to upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const TILE = /\/\d+\/\d+\/\d+\.png$/;
/** The operator's reservation site (RESERVATION_URL_TEMPLATE), answered by the test. */
const BOOKING_SITE = 'https://book.example.test';

/** YYYY-MM-DD of tomorrow in this machine's time zone (the browser's too). */
function tomorrow(): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The restaurant page's map (or its fallback), reservation dialog and photo upload in a browser
 * against the all-in-one mode (frontend/dist must be built).
 */
describe('the restaurant page in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  /** Rita is signed in and has not reviewed the place. */
  let context: BrowserContext;
  let page: Page;
  /** Sam reviewed it. */
  let samContext: BrowserContext;
  let restaurantId: number;

  async function register(ctx: BrowserContext, prefix: string, name: string): Promise<CurrentUserDto> {
    const response = await ctx.request.post(`${system.baseUrl}/api/register`, {
      data: { username: uniqueUsername(prefix), password: PASSWORD, name },
    });
    expect(response.ok()).toBe(true);
    return (await response.json()) as CurrentUserDto;
  }

  beforeAll(async () => {
    system = await startAllInOneSystem({
      env: {
        RESERVATION_URL_TEMPLATE: `${BOOKING_SITE}/find?when={date}T{time}&people={partySize}&q={name}`,
      },
    });
    browser = await launchBrowser();
    const options = { baseURL: system.baseUrl, viewport: { width: 1280, height: 900 } };
    context = await browser.newContext(options);
    samContext = await browser.newContext(options);
    await register(context, 'rita', 'Rita Ramen');
    await register(samContext, 'sam', 'Sam Sushi');
    const written = await samContext.request.post(`${system.baseUrl}/api/reviews`, {
      data: { restaurantName: 'Sushi Nakazawa', address: '23 Commerce St, New York, NY', rating: 5 },
    });
    expect(written.ok()).toBe(true);
    restaurantId = ((await written.json()) as ReviewDto).restaurantId;
    // reviews learns the reviewer from identity's events before it lists the review.
    await eventually(async () => {
      const detail = await context.request.get(`${system.baseUrl}/api/restaurants/${restaurantId}`);
      return ((await detail.json()) as RestaurantDetailDto).reviews.length === 1;
    }, 30_000);
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  it('shows "Map view unavailable" with the address and a maps search when no tile loads', async () => {
    await openPage(page, `/restaurant/${restaurantId}`);
    const location = page.getByRole('region', { name: 'Location' });
    // No street coordinates were sent: the position is New York's centre, and the page says so.
    await location.getByText('Location approximated').waitFor();
    await location.getByText('Map view unavailable').waitFor({ timeout: 15_000 });
    await location.getByText('23 Commerce St, New York, NY', { exact: true }).waitFor();
    const search = location.getByRole('link', { name: /Search on Google Maps/ });
    expect(await search.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Sushi Nakazawa, 23 Commerce St, New York, NY')}`,
    );
    await location.getByRole('button', { name: 'Retry' }).click();
    await location.getByText('Map view unavailable').waitFor({ timeout: 15_000 });
  });

  it('draws one pin at the restaurant when the tile server answers', async () => {
    await page.route(TILE, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
    await reloadPage(page);
    const location = page.getByRole('region', { name: 'Location' });
    await location.locator('.leaflet-tile-loaded').first().waitFor();
    expect(await location.locator('path.leaflet-interactive').count()).toBe(1);
    await location.locator('path.leaflet-interactive').click();
    await location.locator('.leaflet-popup').getByText('Sushi Nakazawa').waitFor();
    expect(await location.getByText('Map view unavailable').count()).toBe(0);
    await page.unroute(TILE);
  });

  it("gives a visitor without a session the restaurant's content in the page itself, before any script", async () => {
    const noScript = await browser.newContext({ baseURL: system.baseUrl, javaScriptEnabled: false });
    try {
      const bare = await noScript.newPage();
      await bare.goto(`/restaurant/${restaurantId}`);
      expect(await bare.getByRole('heading', { level: 1 }).textContent()).toBe('Sushi Nakazawa');
      const reviews = bare.getByRole('region', { name: 'Reviews' });
      expect(await reviews.getByRole('img', { name: '5 out of 5 stars' }).count()).toBe(1);
      expect(await reviews.getByRole('link', { name: /Sam Sushi/ }).getAttribute('href')).toMatch(
        /^\/profile\/sam/,
      );
    } finally {
      await noScript.close();
    }
  });

  it('the app hydrates the rendered page (the same elements, no spinner), and nothing below the map moves when it settles', async () => {
    const visitor = await browser.newContext({
      baseURL: system.baseUrl,
      viewport: { width: 412, height: 823 },
    });
    try {
      await visitor.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        document.addEventListener('DOMContentLoaded', () => {
          // The server's heading element: hydration keeps it; a client render would replace it.
          (window as unknown as { served: Element | null }).served =
            document.querySelector('.restaurant__name');
          const note = () => {
            const main = document.querySelector('#root main');
            const state = main?.querySelector('.page-spinner, [aria-label="Loading restaurant"]')
              ? 'spinner'
              : main?.querySelector('.restaurant__name')
                ? 'page'
                : 'empty';
            if (seen.at(-1) !== state) seen.push(state);
          };
          note();
          new MutationObserver(note).observe(document.getElementById('root')!, {
            childList: true,
            subtree: true,
          });
        });
      });
      const bare = await visitor.newPage();
      const errors: string[] = [];
      bare.on('pageerror', (error) => errors.push(error.message));
      await bare.goto(`/restaurant/${restaurantId}`, { waitUntil: 'domcontentloaded' });
      // Found and measured in one step in the page: a locator could resolve the drawn heading just
      // before the app's first render replaces it, and a detached element measures 0 (a CI run).
      const reviewsTop = () =>
        bare.evaluate(
          () =>
            [...document.querySelectorAll('#root main h2')]
              .find((heading) => heading.textContent === 'Reviews')
              ?.getBoundingClientRect().top ?? null,
        );
      const first = await reviewsTop();
      expect(first).toBeGreaterThan(0);
      // The app has started (the Save button acts) and the map has settled on its fallback (no tiles here).
      await bare
        .getByRole('region', { name: 'Location' })
        .getByText('Map view unavailable')
        .waitFor({ timeout: 20_000 });
      expect(await reviewsTop()).toBe(first);
      expect(await bare.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['page']);
      // Hydrated, not drawn again: the heading is the server's element, and React found nothing to
      // mend (a mismatch is a page error, and React then renders the page anew).
      expect(
        await bare.evaluate(() => {
          const served = (window as unknown as { served: Element | null }).served;
          return (
            served !== null && served === document.querySelector('.restaurant__name') && served.isConnected
          );
        }),
      ).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('books only with a date and a time, opening the reservation site with the choices', async () => {
    await openPage(page, `/restaurant/${restaurantId}`);
    await page.getByRole('button', { name: 'Make a Reservation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a Reservation' });
    const book = dialog.getByRole('button', { name: /^Book on book\.example\.test/ });
    await dialog.getByText('booking happens', { exact: false }).waitFor();
    expect(await book.isDisabled()).toBe(true);

    const party = dialog.getByLabel('Party size');
    expect(await party.inputValue()).toBe('2');
    expect(await party.locator('option').allTextContents()).toEqual([
      '1 guest',
      ...[2, 3, 4, 5, 6, 7, 8].map((n) => `${n} guests`),
    ]);
    await party.selectOption('4');

    // Eight dates; the times appear once one is chosen.
    const dates = dialog.getByRole('group', { name: 'Date' }).getByRole('button');
    expect(await dates.count()).toBe(8);
    expect((await dates.allTextContents()).slice(0, 2).map((text) => text.split(' ')[0])).toEqual([
      'Today',
      'Tomorrow',
    ]);
    expect(await dialog.getByRole('group', { name: 'Time' }).count()).toBe(0);
    await dialog.getByRole('button', { name: /^Tomorrow/ }).click();
    const times = dialog.getByRole('group', { name: 'Time' }).getByRole('button');
    expect(await times.allTextContents()).toEqual([
      '5:00 PM',
      '5:30 PM',
      '6:00 PM',
      '6:30 PM',
      '7:00 PM',
      '7:30 PM',
      '8:00 PM',
      '8:30 PM',
      '9:00 PM',
      '9:30 PM',
      '10:00 PM',
      '10:30 PM',
    ]);
    expect(await book.isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: '7:30 PM' }).click();
    await dialog.getByText(/^Table for 4 at Sushi Nakazawa, Tomorrow .* at 7:30 PM$/).waitFor();
    expect(await book.isEnabled()).toBe(true);

    // The reservation site is out of reach here: answer it, and read the URL the tab opened.
    await context.route(`${BOOKING_SITE}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Booking</title>' }),
    );
    const [tab] = await Promise.all([context.waitForEvent('page'), book.click()]);
    await tab.waitForURL(`${BOOKING_SITE}/**`);
    const opened = new URL(tab.url());
    expect(opened.origin + opened.pathname).toBe(`${BOOKING_SITE}/find`);
    expect(Object.fromEntries(opened.searchParams)).toEqual({
      when: `${tomorrow()}T19:30`,
      people: '4',
      q: 'Sushi Nakazawa',
    });
    await tab.close();
    await context.unroute(`${BOOKING_SITE}/**`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('offers "Add photo" only to a reviewer, who uploads a photo the page then shows', async () => {
    // Rita has no review of the place, a visitor is not signed in: no button for either.
    await openPage(page, `/restaurant/${restaurantId}`);
    await page.getByRole('button', { name: 'Make a Reservation' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add photo' }).count()).toBe(0);
    const visitor = await browser.newPage({ baseURL: system.baseUrl });
    await openPage(visitor, `/restaurant/${restaurantId}`);
    await visitor.getByRole('button', { name: 'Make a Reservation' }).waitFor();
    expect(await visitor.getByRole('button', { name: 'Add photo' }).count()).toBe(0);
    await visitor.context().close();

    const samPage = await samContext.newPage();
    await openPage(samPage, `/restaurant/${restaurantId}`);
    await samPage.getByRole('link', { name: /Sam Sushi/ }).waitFor();
    const photo = samPage.getByRole('img', { name: 'Photo of Sushi Nakazawa' });
    expect(await photo.getAttribute('src')).toMatch(new RegExp(`^/api/restaurants/${restaurantId}/photo`));

    // A file the route refuses: the server's sentence in the toast.
    const input = samPage.getByLabel('Restaurant photo');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await samPage.getByText('Could not add photo').waitFor();

    await input.setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await samPage.getByText('Photo added').waitFor();
    await eventually(async () => /\/photo\?v=\w+$/.test((await photo.getAttribute('src')) ?? ''));
    const served = await samContext.request.get(`${system.baseUrl}/api/restaurants/${restaurantId}/photo`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\//);
    const detail = (await (
      await samContext.request.get(`${system.baseUrl}/api/restaurants/${restaurantId}`)
    ).json()) as RestaurantDetailDto & { hasPhoto?: boolean };
    expect(detail.hasPhoto).toBe(true);
    await samPage.close();
  });
});

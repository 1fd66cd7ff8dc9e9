import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import type { CurrentUserDto, RankedRestaurantDto, ReviewDto } from '@dinebuds/contracts';
import { eventually } from '@dinebuds/testing';
import { uniqueUsername } from '../support/api-client.js';
import { accessibilityProblem, horizontalOverflowProblem } from '../support/axe.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Discover#123';

/** Three New York places with their real coordinates. */
const PLACES = {
  joes: {
    restaurantName: "Joe's Pizza",
    address: '7 Carmine St, New York, NY 10014',
    latitude: 40.7306,
    longitude: -74.0021,
  },
  katz: {
    restaurantName: "Katz's Delicatessen",
    address: '205 E Houston St, New York, NY 10002',
    latitude: 40.7222,
    longitude: -73.9874,
  },
  nakazawa: {
    restaurantName: 'Sushi Nakazawa',
    address: '23 Commerce St, New York, NY 10014',
    latitude: 40.7317,
    longitude: -74.0047,
  },
} as const;

/** A 1x1 PNG, every map tile. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/**
 * Discover and the home feed in a browser against the all-in-one system (frontend/dist must be
 * built). Ann follows Ben and Cal, who review three New York places through the API: Discover's
 * list shows the ranks and means the server computed and the "Why #2?" panel names both buds; the
 * map view shows numbered markers or, without tiles, its list fallback; the feed shows a bud's
 * review; location detection picks New York from the browser's position; axe finds no serious
 * violation on the new screens at desktop and phone sizes, and nothing scrolls sideways.
 */
describe('Discover and the feed in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let annState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let ann: CurrentUserDto;
  let ben: CurrentUserDto;
  let cal: CurrentUserDto;
  let nakazawaId: number;
  const contexts: BrowserContext[] = [];

  async function register(request: APIRequestContext, prefix: string, name: string): Promise<CurrentUserDto> {
    const response = await request.post(`${system.baseUrl}/api/register`, {
      data: { username: uniqueUsername(prefix), password: PASSWORD, name },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as CurrentUserDto;
  }

  async function review(
    request: APIRequestContext,
    place: keyof typeof PLACES,
    rating: number,
    notes?: string,
  ) {
    const response = await request.post(`${system.baseUrl}/api/reviews`, {
      data: { ...PLACES[place], rating, notes },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as ReviewDto;
  }

  async function newContext(options: Parameters<Browser['newContext']>[0] = {}) {
    const context = await browser.newContext({ baseURL: system.baseUrl, bypassCSP: true, ...options });
    contexts.push(context);
    return context;
  }

  async function expectClean(page: Page, screen: string) {
    const problems = [
      await accessibilityProblem(page, screen),
      await horizontalOverflowProblem(page, screen),
    ];
    expect(problems.filter(Boolean).join('\n')).toBe('');
  }

  beforeAll(async () => {
    system = await startAllInOneSystem();
    browser = await launchBrowser();
    const annContext = await newContext();
    const benContext = await newContext();
    const calContext = await newContext();
    ann = await register(annContext.request, 'ann', 'Ann Appetit');
    ben = await register(benContext.request, 'ben', 'Ben Brunch');
    cal = await register(calContext.request, 'cal', 'Cal Curry');

    // Ben: Joe's 5, Katz's 3. Cal: Joe's 4, Nakazawa 5 (newest). New York by top rated for Ann:
    // #1 Nakazawa 5.0 (1 bud), #2 Joe's 4.5 (2 buds), #3 Katz's 3.0 (1 bud).
    await eventually(
      async () =>
        (await annContext.request.get(`${system.baseUrl}/api/users/${ben.id}/followers/count`)).ok(),
      30_000,
      100,
    );
    await review(benContext.request, 'joes', 5);
    const katz = await review(benContext.request, 'katz', 3);
    await review(calContext.request, 'joes', 4);
    nakazawaId = (await review(calContext.request, 'nakazawa', 5, 'The omakase was perfect')).restaurantId;
    for (const bud of [ben, cal]) {
      const response = await annContext.request.post(
        `${system.baseUrl}/api/users/${ann.id}/follow/${bud.id}`,
      );
      expect(response.status()).toBe(200);
    }
    // The reviews service learns the follows from events: wait until Ann's ranking counts both.
    await eventually(
      async () => {
        const response = await annContext.request.get(`${system.baseUrl}/api/restaurants/ranked?city=nyc`);
        if (!response.ok()) return false;
        const list = (await response.json()) as RankedRestaurantDto[];
        return list.length === 3 && list[1].friendReviewCount === 2;
      },
      30_000,
      100,
    );
    // Ben is at Katz's now, with a status line: Ann's Live Hotspots and Check Ins show it.
    const checkIn = await benContext.request.post(`${system.baseUrl}/api/check-ins`, {
      data: { restaurantId: katz.restaurantId, status: 'Pastrami on rye' },
    });
    expect(checkIn.status()).toBe(201);
    // And a status without a check-in: in Ann's feed and on her Check Ins tab, with no place.
    const status = await benContext.request.post(`${system.baseUrl}/api/statuses`, {
      data: { text: 'Bagels at noon?' },
    });
    expect(status.status()).toBe(201);
    annState = await annContext.storageState();
  }, 240_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  describe.each(VIEWPORTS)('at the $name size', ({ name, viewport }) => {
    let page: Page;

    beforeAll(async () => {
      const context = await newContext({ viewport, storageState: annState });
      page = await context.newPage();
    });

    it('lists New York ranked by the buds, with the Why panel', async () => {
      await openPage(page, '/discover?city=New%20York');
      await page.getByRole('heading', { name: 'Discover', level: 1 }).waitFor();
      await page.getByText("Top 3 restaurants in New York based on your buds' reviews").waitFor();
      const cards = page.locator('.ranked-card');
      expect(await cards.count()).toBe(3);
      const rows = await cards.evaluateAll((items) =>
        items.map((item) => [
          item.querySelector('.rank-badge')?.textContent,
          item.querySelector('.ranked-card__name')?.textContent,
          item.querySelector('.rating')?.textContent,
          item.querySelector('.ranked-card__buds')?.textContent,
        ]),
      );
      expect(rows).toEqual([
        ['1', 'Sushi Nakazawa', '5.0', '1 bud review'],
        ['2', "Joe's Pizza", '4.5', '2 bud reviews'],
        ['3', "Katz's Delicatessen", '3.0', '1 bud review'],
      ]);
      await expect(
        page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Discover' })
          .getAttribute('aria-current'),
      ).resolves.toBe('page');

      await page.getByRole('button', { name: 'Why #2?' }).click();
      const panel = page.getByRole('region', { name: "Why #2: Joe's Pizza" });
      await panel.waitFor();
      await panel
        .getByText(/#2 of 3 in New York by top rated: mean of 2 buds' ratings \(\d, \d\) = 4\.5/)
        .waitFor();
      await panel.getByRole('link', { name: /Ben Brunch/ }).waitFor();
      await panel.getByRole('link', { name: /Cal Curry/ }).waitFor();
      await panel.getByRole('img', { name: '5 out of 5 stars' }).waitFor();
      await panel.getByRole('img', { name: '4 out of 5 stars' }).waitFor();
      await expectClean(page, `discover list (${name})`);
    }, 60_000);

    // Desktop gets tiles (served by the test: the machine may have no internet) and so the real
    // map; the phone gets none, and so the map's list fallback.
    const tiles = name === 'desktop';
    it(
      tiles
        ? 'shows the map with numbered markers and the info card'
        : "falls back to the list when the map's tiles cannot load",
      async () => {
        await page
          .context()
          .route(/tile\.openstreetmap\.org/, (route) =>
            tiles
              ? route.fulfill({ contentType: 'image/png', body: TILE })
              : route.abort('internetdisconnected'),
          );
        await page.getByRole('button', { name: 'Map', exact: true }).click();
        await page.waitForURL(/view=map/);
        if (tiles) {
          const marker = page.getByRole('button', { name: '#1 Sushi Nakazawa' });
          await marker.waitFor();
          expect(await page.locator('.rank-marker').allTextContents()).toEqual(['1', '2', '3']);
          expect(await marker.getAttribute('class')).toContain('rank-badge--green');
          await page.getByText('Restaurant Rankings').waitFor();
          await marker.click();
          const card = page.getByRole('region', { name: '#1 Sushi Nakazawa' });
          await card.getByRole('link', { name: 'Sushi Nakazawa' }).waitFor();
          await card.getByText('1 bud review').waitFor();
          await card.getByRole('button', { name: 'Save Sushi Nakazawa' }).click();
          await page.getByText('Restaurant saved').first().waitFor();
          await card.getByRole('button', { name: 'Saved Sushi Nakazawa' }).waitFor();
        } else {
          await page.getByText('Map view unavailable').waitFor({ timeout: 20_000 });
          await page
            .getByText(
              "We're having trouble loading the map. Please use the list view instead, or try again later.",
            )
            .waitFor();
          await page.getByText("Top 3 restaurants in New York based on your buds' reviews").waitFor();
        }
        await expectClean(page, `discover map (${name})`);
        await page.getByRole('button', { name: 'List', exact: true }).click();
      },
      60_000,
    );

    it('shows the recommendations tab', async () => {
      await openPage(page, '/discover?tab=recommendations');
      await page.getByRole('heading', { name: 'Recommended For You' }).waitFor();
      // Ann reviewed nothing: her buds' places are recommended.
      await page
        .getByRole('list', { name: 'Recommended restaurants' })
        .getByRole('link', { name: 'Sushi Nakazawa' })
        .waitFor();
      await page.getByRole('searchbox', { name: 'Filter by location' }).fill('<i>Atlantis</i>');
      await page
        .getByText(
          'No restaurants found in "<i>Atlantis</i>". Try a different city name or clear the search.',
        )
        .waitFor();
      await expectClean(page, `recommendations (${name})`);
    }, 60_000);

    it('shows a bud’s review in the home feed', async () => {
      await openPage(page, '/');
      await page.getByRole('heading', { name: 'Feed', level: 1 }).waitFor();
      const feed = page.getByRole('list', { name: 'Bud activity' });
      const first = feed.getByRole('listitem').filter({ hasText: 'The omakase was perfect' });
      await first.getByText('The omakase was perfect').waitFor();
      await first.getByRole('link', { name: 'Sushi Nakazawa' }).waitFor();
      expect(await first.getByRole('link', { name: 'Cal Curry' }).getAttribute('href')).toBe(
        `/profile/${cal.username}`,
      );
      // Ben's status: linking to Ben only (it has no restaurant).
      const status = feed.getByRole('listitem').filter({ hasText: 'Bagels at noon?' });
      await status.getByText('shared a status').waitFor();
      expect(await status.getByRole('link').count()).toBe(1);
      expect(await status.getByRole('link', { name: 'Ben Brunch' }).getAttribute('href')).toBe(
        `/profile/${ben.username}`,
      );
      await page
        .getByRole('region', { name: 'Buds active in the last 24 hours' })
        .getByRole('link', { name: /Ben Brunch/ })
        .waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link').allTextContents()).toEqual([
        'Feed',
        'Discover',
        'Find Buds',
        'Profile',
      ]);
      await expectClean(page, `feed (${name})`);
    }, 60_000);

    it('shows Live Hotspots and Check Ins from a bud’s real check-in', async () => {
      await openPage(page, '/?tab=hotspots');
      await page.getByRole('heading', { name: 'Live Hotspots', level: 1 }).waitFor();
      const spot = page.getByRole('list', { name: 'Live hotspots' }).getByRole('listitem').first();
      await spot.getByRole('link', { name: "Katz's Delicatessen" }).waitFor();
      await spot.getByText('1 bud checked in').waitFor();
      await spot.getByRole('link', { name: /Ben Brunch/ }).waitFor();
      await spot.getByText('“Pastrami on rye”').waitFor();
      await expectClean(page, `live hotspots (${name})`);

      await page.getByRole('tab', { name: 'Check Ins' }).click();
      await page.getByRole('heading', { name: 'Check Ins', level: 1 }).waitFor();
      const checkIns = page.getByRole('list', { name: 'Bud check-ins' });
      await checkIns.getByText('Pastrami on rye').waitFor();
      await page
        .getByRole('group', { name: 'Filter check-ins' })
        .getByRole('button', { name: 'Statuses' })
        .click();
      await checkIns.getByRole('link', { name: "Katz's Delicatessen" }).waitFor();
      if (name === 'desktop') {
        // A like (stored: the count comes back from the server) and a comment, shown as text.
        await checkIns.getByRole('button', { name: "Like Ben Brunch's check-in, 0 likes" }).click();
        await checkIns.getByRole('button', { name: "Like Ben Brunch's check-in, 1 like" }).waitFor();
        await checkIns.getByRole('button', { name: "Comments on Ben Brunch's check-in, 0" }).click();
        await checkIns.getByText('No comments yet.').waitFor();
        await checkIns.getByRole('textbox', { name: 'Write a comment' }).fill('<b>Save me a seat</b>');
        await checkIns.getByRole('button', { name: 'Send' }).click();
        await checkIns.getByRole('list', { name: 'Comments' }).getByText('<b>Save me a seat</b>').waitFor();
        // Ann shares a status of her own; it joins Ben's under Statuses, and she likes his.
        await page.getByRole('textbox', { name: 'Share a status' }).fill('Dumplings tonight?');
        await page.getByRole('button', { name: 'Share', exact: true }).click();
        const statuses = page.getByRole('list', { name: 'Bud statuses' });
        await statuses.getByText('Dumplings tonight?').waitFor();
        await statuses.getByText('Bagels at noon?').waitFor();
        await statuses.getByRole('button', { name: "Like Ben Brunch's status, 0 likes" }).click();
        await statuses.getByRole('button', { name: "Like Ben Brunch's status, 1 like" }).waitFor();
      } else {
        // The phone sees what the desktop stored.
        await checkIns.getByRole('button', { name: "Like Ben Brunch's check-in, 1 like" }).waitFor();
        await checkIns.getByRole('button', { name: "Comments on Ben Brunch's check-in, 1" }).click();
        await checkIns.getByRole('list', { name: 'Comments' }).getByText('<b>Save me a seat</b>').waitFor();
        // Ann's status and her like of Ben's were stored.
        const statuses = page.getByRole('list', { name: 'Bud statuses' });
        await statuses.getByText('Dumplings tonight?').waitFor();
        await statuses.getByRole('button', { name: "Like Ben Brunch's status, 1 like" }).waitFor();
      }
      await expectClean(page, `check ins (${name})`);
    }, 60_000);

    it('shows the taste match on a bud’s profile', async () => {
      await openPage(page, `/profile/${ben.username}`);
      await page.getByRole('heading', { name: 'Ben Brunch', level: 1 }).waitFor();
      const card = page.getByRole('region', { name: 'Taste match with Ben Brunch' });
      // Ann reviewed none of Ben's places: too few in common for a percentage.
      await card
        .getByText('Not enough in common yet: you both reviewed 0 restaurants; a taste match needs 3.')
        .waitFor();
      await expectClean(page, `bud profile with taste match (${name})`);
    }, 60_000);
  });

  it('checks in from the restaurant page with a status line, checks out, and is asked how it was', async () => {
    const context = await newContext({ viewport: { width: 390, height: 844 }, storageState: annState });
    const page = await context.newPage();
    await openPage(page, `/restaurants/${nakazawaId}`);
    await page.getByRole('heading', { name: 'Sushi Nakazawa', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.getByRole('textbox', { name: 'Status (optional)' }).fill('Omakase night');
    await page
      .getByRole('form', { name: 'Check in at Sushi Nakazawa' })
      .getByRole('button', { name: 'Check in' })
      .click();
    await page.getByText('You are checked in here: “Omakase night”').waitFor();
    const current = await context.request.get(`${system.baseUrl}/api/check-ins/current`);
    expect(await current.json()).toMatchObject({
      checkIn: { restaurantId: nakazawaId, status: 'Omakase night', isActive: true },
    });
    await expectClean(page, 'restaurant page checked in (phone)');
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.getByRole('button', { name: 'Check in' }).waitFor();
    expect(await (await context.request.get(`${system.baseUrl}/api/check-ins/current`)).json()).toEqual({
      checkIn: null,
    });

    // The visit without a review: "How was it?" here, and on the home Check Ins tab.
    await page.getByText('How was it?').waitFor();
    await openPage(page, '/?tab=checkins');
    const visits = page.getByRole('region', { name: 'How was it?' });
    await visits.getByRole('button', { name: 'Review Sushi Nakazawa' }).click();
    const sheet = page.getByRole('dialog', { name: 'Add Review' });
    expect(await sheet.getByLabel('Restaurant Name *').inputValue()).toBe('Sushi Nakazawa');
    await expectClean(page, 'how was it (phone)');
  }, 60_000);

  it('detects New York from the browser’s position and sorts Near You from it', async () => {
    const context = await newContext({
      viewport: { width: 390, height: 844 },
      storageState: annState,
      geolocation: { latitude: 40.73, longitude: -73.99 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await openPage(page, '/discover');
    await page.getByText('Showing restaurants in New York').waitFor();
    await page.getByText("Top 3 restaurants in New York based on your buds' reviews").waitFor();
    // The detected city stays out of the address until the diner changes something.
    expect(new URL(page.url()).search).toBe('');

    // Near You orders by the distance from that position; the why says how far.
    await page.getByRole('button', { name: 'Near You' }).click();
    await page.waitForURL(/city=New\+York&sort=near-you/);
    await page.getByRole('button', { name: 'Why #1?' }).click();
    await page
      .getByRole('region', { name: /^Why #1: / })
      .getByText(/km from you/)
      .waitFor();
  }, 60_000);
});

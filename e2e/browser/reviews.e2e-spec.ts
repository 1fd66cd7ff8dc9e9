import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CurrentUserDto, ReviewDto } from '@dinebuds/contracts';
import { uniqueUsername } from '../support/api-client.js';
import { expectAccessible } from '../support/axe.js';
import { launchBrowser, openPage, reloadPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

/**
 * Reviews on the own profile in a browser against the all-in-one mode (frontend/dist must be
 * built): the add-review sheet's validation and toasts, the List tab's card, the city search,
 * a real edit of rating and notes, and a delete after its confirmation.
 */
describe('reviews on the profile in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let rita: CurrentUserDto;

  async function reviewsOf(userId: number): Promise<ReviewDto[]> {
    const response = await context.request.get(`${system.baseUrl}/api/reviews?userId=${userId}`);
    expect(response.ok()).toBe(true);
    return (await response.json()) as ReviewDto[];
  }

  beforeAll(async () => {
    system = await startAllInOneSystem();
    browser = await launchBrowser();
    // bypassCSP: axe is injected as an inline script, which the app's CSP refuses.
    context = await browser.newContext({
      baseURL: system.baseUrl,
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const response = await context.request.post(`${system.baseUrl}/api/register`, {
      data: { username: uniqueUsername('rita'), password: 'Review#123', name: 'Rita Ramen' },
    });
    expect(response.ok()).toBe(true);
    rita = (await response.json()) as CurrentUserDto;
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  it('adds a review from the sheet, after its validation messages', async () => {
    await openPage(page, '/profile');
    await page.getByRole('heading', { name: 'Rita Ramen' }).waitFor();
    await page.getByText('No rated restaurants').waitFor();

    await page.getByRole('button', { name: 'Add review' }).click();
    const sheet = page.getByRole('dialog', { name: 'Add Review' });
    await sheet.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Please select a rating for the restaurant').waitFor();
    await sheet.getByText('Rating is required').waitFor();
    await sheet.getByText('Restaurant name is required').waitFor();
    await sheet.getByText('Address is required').waitFor();

    await sheet.getByRole('radio', { name: '4 stars' }).click();
    await sheet.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Please enter a restaurant name').waitFor();
    expect(await reviewsOf(rita.id)).toEqual([]);

    await sheet.getByLabel('Restaurant Name *').fill('Ippudo');
    await sheet.getByLabel('Address *').fill('65 4th Ave, New York, NY');
    await sheet.getByLabel('Notes (Optional)').fill('Rich tonkotsu, long line.');
    await sheet.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Review added').waitFor();
    await sheet.waitFor({ state: 'detached' });

    // No coordinates were sent: the pin sits at the city's centre, and the card says so.
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ippudo' }) });
    await card.getByText('65 4th Ave, New York, NY').waitFor();
    await card.getByText('Location approximated').waitFor();
    await card.getByText('Rich tonkotsu, long line.').waitFor();
    await card.getByRole('img', { name: '4 out of 5 stars' }).waitFor();
    await card.getByText('Restaurant Review').waitFor();
    const [stored] = await reviewsOf(rita.id);
    expect(stored).toMatchObject({ rating: 4, notes: 'Rich tonkotsu, long line.' });
    expect(stored?.restaurant).toMatchObject({ name: 'Ippudo', city: 'New York', locationApproximate: true });
  });

  it('shows the Map tab, or on this machine (no tiles) its "Map view unavailable" list by city', async () => {
    await page.getByRole('tab', { name: 'Map' }).click();
    await page.getByText('Map view unavailable').waitFor({ timeout: 15_000 });
    const city = page.getByLabel('City', { exact: true });
    expect(await city.locator('option').allTextContents()).toEqual(['All Cities (1)', 'New York (1)']);
    const group = page.getByRole('region', { name: 'New York' });
    await group.getByRole('link', { name: 'Ippudo' }).waitFor();
    // Retry starts the map again; without tiles it falls back again.
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Map view unavailable').waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'List' }).click();
  });

  it('draws the pins, legend and popup when the tile server answers', async () => {
    // A 1x1 PNG stands in for the tile server this machine cannot reach.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.route(/\/\d+\/\d+\/\d+\.png$/, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: png }),
    );
    await reloadPage(page);
    await page.getByRole('tab', { name: 'Map' }).click();
    await page.getByRole('list', { name: 'Legend' }).getByText('4-5 stars').waitFor();
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    await page.locator('path.leaflet-interactive').first().click();
    await page.locator('.leaflet-popup').getByRole('link', { name: 'Ippudo' }).waitFor();
    expect(await page.getByText('Map view unavailable').count()).toBe(0);
    await page.unroute(/\/\d+\/\d+\/\d+\.png$/);
    await page.getByRole('tab', { name: 'List' }).click();
  });

  it('filters the list by city with "Search any city..."', async () => {
    const search = page.getByPlaceholder('Search any city...');
    await search.fill('chicago');
    await page.getByText('No rated restaurants in chicago').waitFor();
    expect(await page.getByRole('heading', { name: 'Ippudo' }).count()).toBe(0);
    await search.fill('new y');
    await page.getByRole('heading', { name: 'Ippudo' }).waitFor();
    await search.fill('');
  });

  it('edits the rating and notes for real', async () => {
    await page.getByRole('button', { name: 'Edit review of Ippudo' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Review' });
    await edit.getByRole('radio', { name: '2 stars' }).click();
    await edit.getByLabel('Notes (Optional)').fill('Went downhill.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Review updated').waitFor();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('img', { name: '2 out of 5 stars' }).waitFor();
    await page.getByText('Went downhill.').waitFor();
    const [stored] = await reviewsOf(rita.id);
    expect(stored).toMatchObject({ rating: 2, notes: 'Went downhill.' });
  });

  it('deletes only after the confirmation, and a failed delete says so', async () => {
    await page.getByRole('button', { name: 'Delete review of Ippudo' }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Delete review?' });
    await confirm.getByText('Are you sure you want to delete this review?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await reviewsOf(rita.id)).toHaveLength(1);

    await page.route('**/api/reviews/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Delete review of Ippudo' }).click();
    confirm = page.getByRole('alertdialog', { name: 'Delete review?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Failed to delete review. Please try again.').waitFor();
    await page.unroute('**/api/reviews/*');

    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Review deleted').waitFor();
    await page.getByText('No rated restaurants').waitFor();
    expect(await reviewsOf(rita.id)).toEqual([]);
  });

  it("keeps a private profile's reviews to its approved followers", async () => {
    const piaContext = await browser.newContext({ baseURL: system.baseUrl });
    const registered = await piaContext.request.post(`${system.baseUrl}/api/register`, {
      data: { username: uniqueUsername('pia'), password: 'Review#123', name: 'Pia Private' },
    });
    const pia = (await registered.json()) as CurrentUserDto;
    const written = await piaContext.request.post(`${system.baseUrl}/api/reviews`, {
      data: { restaurantName: 'Secret Garden', address: '5 Elm St, Boston, MA', rating: 5 },
    });
    expect(written.ok()).toBe(true);
    expect((await piaContext.request.post(`${system.baseUrl}/api/users/${pia.id}/toggle-privacy`)).ok()).toBe(
      true,
    );
    // reviews learns the privacy from identity's events.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const seen = await context.request.get(`${system.baseUrl}/api/reviews?userId=${pia.id}`);
      if (seen.status() === 403) break;
      await page.waitForTimeout(100);
    }

    await openPage(page, `/profile/${pia.username}`);
    await page.getByRole('heading', { name: 'Pia Private' }).waitFor();
    await page.getByText('This profile is private').waitFor();
    expect(await page.getByRole('heading', { name: 'Secret Garden' }).count()).toBe(0);

    const asked = await context.request.post(`${system.baseUrl}/api/users/${rita.id}/follow/${pia.id}`);
    expect(asked.ok()).toBe(true);
    const accepted = await piaContext.request.post(
      `${system.baseUrl}/api/users/${pia.id}/accept-request/${rita.id}`,
    );
    expect(accepted.ok()).toBe(true);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const seen = await context.request.get(`${system.baseUrl}/api/reviews?userId=${pia.id}`);
      if (seen.ok()) break;
      await page.waitForTimeout(100);
    }
    await reloadPage(page);
    await page.getByRole('heading', { name: 'Secret Garden' }).waitFor();
    await piaContext.close();
  });

  describe('the restaurant page', () => {
    let restaurantId: number;
    let sam: CurrentUserDto;

    beforeAll(async () => {
      const samContext = await browser.newContext({ baseURL: system.baseUrl });
      const registered = await samContext.request.post(`${system.baseUrl}/api/register`, {
        data: { username: uniqueUsername('sam'), password: 'Review#123', name: 'Sam Sushi' },
      });
      expect(registered.ok()).toBe(true);
      sam = (await registered.json()) as CurrentUserDto;
      for (const [rating, notes] of [
        [5, 'Cozy corner, perfect omakase.'],
        [4, 'Lively room and cozy bar.'],
      ] as const) {
        const written = await samContext.request.post(`${system.baseUrl}/api/reviews`, {
          data: { restaurantName: 'Sushi Nakazawa', address: '23 Commerce St, New York, NY', rating, notes },
        });
        expect(written.ok()).toBe(true);
        restaurantId = ((await written.json()) as ReviewDto).restaurantId;
      }
      const saved = await samContext.request.post(
        `${system.baseUrl}/api/restaurants/${restaurantId}/toggle-save`,
      );
      expect(saved.ok()).toBe(true);
      await samContext.close();
    });

    it('shows the place, its average with one decimal, mood tags and reviews linking to the reviewer', async () => {
      const visitor = await browser.newPage({ baseURL: system.baseUrl });
      // reviews learns the reviewer from identity's events before it lists their reviews.
      await openPage(visitor, `/restaurants/${restaurantId}`);
      await visitor.getByRole('heading', { name: 'Sushi Nakazawa', level: 1 }).waitFor();
      await visitor.getByText('4.5', { exact: true }).waitFor();
      await visitor.getByText('(2 reviews)').waitFor();
      await visitor.getByRole('list', { name: 'Mood' }).getByText('Cozy').waitFor();
      const maps = visitor.getByRole('link', { name: /23 Commerce St, New York, NY/ });
      expect(await maps.getAttribute('href')).toMatch(
        /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
      );
      for (let attempt = 0; attempt < 50; attempt += 1) {
        if ((await visitor.getByRole('link', { name: /Sam Sushi/ }).count()) > 0) break;
        await visitor.waitForTimeout(200);
        await reloadPage(visitor);
      }
      await visitor
        .getByRole('link', { name: /Sam Sushi/ })
        .first()
        .click();
      await visitor.waitForURL(`**/profile/${sam.username}`);

      await openPage(visitor, `/restaurant/${restaurantId}`);
      await visitor.getByRole('button', { name: 'Save' }).click();
      await visitor.getByText('Please log in to save restaurants').waitFor();
      await visitor.getByRole('button', { name: 'Add review' }).waitFor({ state: 'detached' });
      await visitor.context().close();
    });

    it("shows another user's Activity with the filter chips and their counts", async () => {
      await openPage(page, `/profile/${sam.username}`);
      await page.getByRole('heading', { name: 'Sam Sushi' }).waitFor();
      await page.getByRole('tab', { name: 'Activity' }).click();
      const chips = page.getByRole('group', { name: 'Filter activity' });
      await chips.getByRole('button', { name: 'All (3)' }).waitFor();
      await chips.getByRole('button', { name: 'Reviews (2)' }).waitFor();
      await chips.getByRole('button', { name: 'Check-ins (0)' }).waitFor();
      await chips.getByRole('button', { name: 'Saves (1)' }).waitFor();
      await chips.getByRole('button', { name: 'Statuses (0)' }).waitFor();
      const items = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
      expect(await items.count()).toBe(3);
      await chips.getByRole('button', { name: 'Saves (1)' }).click();
      expect(await items.count()).toBe(1);
      await items.first().getByText('Saved').waitFor();
      await chips.getByRole('button', { name: 'Check-ins (0)' }).click();
      await page.getByText('No activity yet').waitFor();
      expect(await page.getByRole('tab', { name: 'Saved' }).count()).toBe(0);
    });

    it('saves optimistically (reverting on failure), lists it under Saved with Remove, and says "Restaurant Not Found"', async () => {
      await openPage(page, `/restaurant/${restaurantId}`);
      await page.getByRole('heading', { name: 'Sushi Nakazawa', level: 1 }).waitFor();
      await page.route('**/toggle-save', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' });
      });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      // Flipped at once, back when the failure arrives.
      await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
      await page.getByText('Failed to save restaurant. Please try again.').waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
      await page.unroute('**/toggle-save');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Restaurant saved', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
      const saved = await context.request.get(`${system.baseUrl}/api/restaurants/${restaurantId}/is-saved`);
      expect(await saved.json()).toEqual({ isSaved: true });

      // The Saved tab of the own profile lists it, filters by city, and removes it.
      await openPage(page, '/profile');
      await page.getByRole('tab', { name: 'Saved' }).click();
      const savedList = page.getByRole('list', { name: 'Saved restaurants' });
      await savedList.getByRole('link', { name: 'Sushi Nakazawa' }).waitFor();
      await page.getByPlaceholder('Search any city...').fill('boston');
      await page.getByText('No saved restaurants in boston').waitFor();
      await page.getByPlaceholder('Search any city...').fill('');
      await page.route('**/api/saved-restaurants/*', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }),
      );
      await page.getByRole('button', { name: 'Remove Sushi Nakazawa from saved' }).click();
      await page.getByText('Could not remove restaurant').waitFor();
      await page.unroute('**/api/saved-restaurants/*');
      await page.getByRole('button', { name: 'Remove Sushi Nakazawa from saved' }).click();
      await page.getByText('Removed', { exact: true }).waitFor();
      await page.getByText('No saved restaurants', { exact: true }).waitFor();
      const after = await context.request.get(`${system.baseUrl}/api/restaurants/${restaurantId}/is-saved`);
      expect(await after.json()).toEqual({ isSaved: false });

      for (const path of ['/restaurant/999999', '/restaurants/not-a-number']) {
        await openPage(page, path);
        await page.getByText('Restaurant Not Found').waitFor();
      }
    });

    it('offers the existing place in the add-review sheet, so the review joins it instead of a near-duplicate', async () => {
      await openPage(page, '/profile');
      await page.getByRole('heading', { name: 'Rita Ramen' }).waitFor();
      await page.getByRole('button', { name: 'Add review' }).click();
      const sheet = page.getByRole('dialog', { name: 'Add Review' });
      await sheet.getByLabel('Restaurant Name *').pressSequentially('sushi nakazwa');
      const matches = sheet.getByRole('list', { name: /Already on DineBuds/ });
      await matches.getByRole('button', { name: /Sushi Nakazawa/ }).click();
      expect(await sheet.getByLabel('Address *').inputValue()).toBe('23 Commerce St, New York, NY');
      await sheet
        .getByText('Your review will be added to Sushi Nakazawa at 23 Commerce St, New York, NY.')
        .waitFor();
      await expectAccessible(page, 'add-review sheet with a picked place');
      await sheet.getByRole('radio', { name: '5 stars' }).click();
      await sheet.getByRole('button', { name: 'Submit Review' }).click();
      await page.getByText('Review added').waitFor();
      const mine = await reviewsOf(rita.id);
      expect(mine.map((review) => review.restaurantId)).toContain(restaurantId);
    });
  });
});

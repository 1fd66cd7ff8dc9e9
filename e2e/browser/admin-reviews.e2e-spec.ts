import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AdminBadgesDto, ReviewDto } from '@dinebuds/contracts';
import { createTestDatabase, type TestDatabase } from '@dinebuds/testing';
import { uniqueUsername } from '../support/api-client.js';
import { accessibilityProblem, horizontalOverflowProblem } from '../support/axe.js';
import { VIEWPORTS, appContext, launchBrowser, register, signIn, openPage } from '../support/browser.js';
import { removeDataDir, startAllInOneSystem } from '../support/system.js';

const ADMIN_USERNAME = uniqueUsername('warden');
const ADMIN_PASSWORD = 'Admin#Secret1';

/**
 * The admin panel's Reviews and Badges tabs in a browser against the all-in-one mode over a fresh
 * database (frontend/dist must be built): an admin finds and deletes a diner's review, edits a
 * CityBud tier threshold inline, and axe finds no serious violation on either tab at desktop and
 * phone sizes.
 */
describe('admin Reviews and Badges tabs in the browser', () => {
  let database: TestDatabase;
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  let review: ReviewDto;

  beforeAll(async () => {
    database = await createTestDatabase('browser_admin_reviews');
    system = await startAllInOneSystem({
      databaseUrl: database.url,
      env: { ADMIN_USERNAME, ADMIN_PASSWORD },
    });
    browser = await launchBrowser();
    const diner = await browser.newContext({ baseURL: system.baseUrl });
    await register(diner, { username: uniqueUsername('dana'), password: 'Review#123', name: 'Dana Diner' });
    const written = await diner.request.post('/api/reviews', {
      data: {
        restaurantName: 'Gristle Grill',
        address: '9 Elm St, Austin, TX',
        rating: 1,
        notes: 'Spam spam spam',
      },
    });
    expect(written.ok()).toBe(true);
    review = (await written.json()) as ReviewDto;
    const kept = await diner.request.post('/api/reviews', {
      data: { restaurantName: 'Taco Haven', address: '3 Oak St, Austin, TX', rating: 5, notes: null },
    });
    expect(kept.ok()).toBe(true);
    await diner.close();
    admin = await appContext(browser, system.baseUrl);
    expect((await signIn(admin, ADMIN_USERNAME, ADMIN_PASSWORD)).isAdmin).toBe(true);
    page = await admin.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    if (system) removeDataDir(system.dataDir);
    await database?.drop();
  });

  it('finds a review, opens its details and deletes it after the confirmation', async () => {
    await openPage(page, '/admin?tab=reviews');
    await page.getByRole('searchbox', { name: 'Search reviews' }).fill('gristle');
    const row = page.getByRole('row').filter({ hasText: 'Gristle Grill' });
    await row.getByText('Dana Diner').waitFor();
    await row.getByRole('img', { name: '1 out of 5 stars' }).waitFor();
    await row.getByText('Spam spam spam').click();
    const details = page.getByRole('dialog', { name: 'Review details' });
    await details.getByText('9 Elm St, Austin, TX').waitFor();
    await details.getByText('1 out of 5').waitFor();
    await details.getByRole('button', { name: 'Delete Review' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this review?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Review(s) deleted successfully').waitFor();
    await page.getByText('No reviews found matching your criteria.').waitFor();
    const gone = await admin.request.delete(`/api/reviews/${review.id}`);
    expect(gone.status()).toBe(404);
  });

  it('edits a tier threshold inline, refusing one below 1', async () => {
    await openPage(page, '/admin?tab=badges');
    await page.getByRole('tab', { name: 'CityBuds (10)' }).click();
    await page.getByRole('button', { name: 'Edit minimum reviews of Platinum' }).click();
    const input = page.getByRole('spinbutton', { name: 'minimum reviews of Platinum' });
    await input.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText('Threshold must be at least 1').waitFor();
    await input.fill('45');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Platinum tier threshold updated').waitFor();
    await page.getByRole('row').filter({ hasText: 'Platinum' }).getByText('45').waitFor();
    const stored = (await (await admin.request.get('/api/admin/badges')).json()) as AdminBadgesDto;
    expect(stored.tiers.find((t) => t.level === 'platinum')?.minReviews).toBe(45);
  });

  it('has no serious axe violation on either tab at desktop and phone sizes', async () => {
    const problems: string[] = [];
    for (const { name, viewport } of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await openPage(page, '/admin?tab=reviews');
      await page.getByText('Showing all 1 reviews').waitFor();
      problems.push(...[await accessibilityProblem(page, `reviews @ ${name}`)].filter((p) => p !== null));
      if (name === 'phone') {
        const overflow = await horizontalOverflowProblem(page, `reviews @ ${name}`);
        if (overflow) problems.push(overflow);
      }
      await openPage(page, '/admin?tab=badges');
      await page.getByRole('tab', { name: 'CityBuds (10)' }).click();
      await page.getByRole('row').filter({ hasText: 'Platinum' }).waitFor();
      problems.push(...[await accessibilityProblem(page, `badges @ ${name}`)].filter((p) => p !== null));
      if (name === 'phone') {
        const overflow = await horizontalOverflowProblem(page, `badges @ ${name}`);
        if (overflow) problems.push(overflow);
      }
    }
    expect(problems).toEqual([]);
  }, 90_000);
});

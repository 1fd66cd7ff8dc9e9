import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AccountExport, CurrentUserDto } from '@dinebuds/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { expectAccessible, horizontalOverflowProblem } from '../support/axe.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Browser#123';
const VIEWPORTS = [
  { label: 'desktop', size: { width: 1280, height: 800 } },
  { label: 'phone', size: { width: 390, height: 844 } },
] as const;

/**
 * Settings' Your Data card in a real browser against the all-in-one system, at desktop and phone
 * sizes: export my data downloads the JSON (and it holds my review), the import dialog saves a
 * pasted list, and deleting my account (a wrong password first) signs me out to /auth; axe finds
 * nothing serious on the screen and its dialogs, and nothing scrolls sideways.
 */
describe('export my data and delete my account in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;

  beforeAll(async () => {
    system = await startAllInOneSystem();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  /** A new person with a review, signed in in a fresh browser context of this size. */
  async function signedInPage(size: { width: number; height: number }) {
    const api = new ApiClient(system.baseUrl);
    const username = uniqueUsername('dataer');
    const me = await api.post<CurrentUserDto>('/api/register', {
      username,
      password: PASSWORD,
      name: 'Data Owner',
    });
    expect(me.status).toBe(201);
    const review = await api.post('/api/reviews', {
      restaurantName: 'Browser Export Bistro',
      address: '12 Download Ave, Chicago, IL',
      rating: 5,
    });
    expect(review.status).toBe(201);
    const context: BrowserContext = await browser.newContext({
      viewport: size,
      acceptDownloads: true,
      bypassCSP: true,
    });
    await context.addCookies([
      {
        name: 'dinebuds_sid',
        value: api.sessionCookie as string,
        url: system.baseUrl,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    const page: Page = await context.newPage();
    return { api, me: me.body, context, page };
  }

  for (const { label, size } of VIEWPORTS) {
    it(`exports, imports and deletes at ${label} size`, async () => {
      const { me, context, page } = await signedInPage(size);
      try {
        await openPage(page, `${system.baseUrl}/settings`);
        await page.getByRole('heading', { name: 'Export my data' }).waitFor();
        await expectAccessible(page, `settings (${label})`);
        expect(await horizontalOverflowProblem(page, `settings (${label})`)).toBeNull();

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download all my data (JSON)' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^dinebuds-export-\d{4}-\d\d-\d\d\.json$/);
        const exported = JSON.parse(readFileSync((await download.path()) as string, 'utf8')) as AccountExport;
        expect(exported.identity.profile.username).toBe(me.username);
        expect(exported.reviews.reviews.map((r) => r.name)).toEqual(['Browser Export Bistro']);
        await page.getByText('Your data is downloading').first().waitFor();

        await page.getByRole('button', { name: 'Import saved places' }).click();
        const importDialog = page.getByRole('dialog', { name: 'Import saved places' });
        await importDialog
          .getByLabel('Or paste a list')
          .fill('Browser Export Bistro, 12 Download Ave, Chicago, IL\nNo address here');
        await expectAccessible(page, `import saved places (${label})`);
        expect(await horizontalOverflowProblem(page, `import saved places (${label})`)).toBeNull();
        await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
        await importDialog.getByText('1 place saved').waitFor();
        await importDialog.getByText('Line 2 (No address here): Needs a name and an address').waitFor();
        await importDialog.getByRole('button', { name: 'Done' }).click();
        await importDialog.waitFor({ state: 'hidden' });

        await page.getByRole('button', { name: 'Delete my account' }).click();
        const deleteDialog = page.getByRole('dialog', { name: 'Delete your account?' });
        await deleteDialog.getByLabel('Password').fill('Wrong#123');
        await deleteDialog.getByRole('button', { name: 'Delete my account' }).click();
        await deleteDialog.getByText('Your password is incorrect').waitFor();
        await expectAccessible(page, `delete account (${label})`);
        await deleteDialog.getByLabel('Password').fill(PASSWORD);
        await deleteDialog.getByRole('button', { name: 'Delete my account' }).click();

        await page.waitForURL('**/auth');
        await page.getByText('Your account has been deleted').first().waitFor();
        await openPage(page, `${system.baseUrl}/settings`);
        await page.waitForURL('**/auth');
        expect((await new ApiClient(system.baseUrl).get(`/api/users/${me.id}`)).status).toBe(404);
      } finally {
        await context.close();
      }
    }, 90_000);
  }
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { uniqueUsername } from '../support/api-client.js';
import { accessibilityProblem } from '../support/axe.js';
import { VIEWPORTS, appContext, launchBrowser, register, signIn, openPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Deactivate#123';
const ADMIN_USERNAME = uniqueUsername('chief');
const ADMIN_PASSWORD = 'Admin#Secret1';

/**
 * The admin Users tab in a browser against the all-in-one mode (frontend/dist must be built): an
 * admin finds a person, opens their details and deactivates them; the person's open session ends
 * on their next page and they cannot sign in; reactivated, they can. axe finds no serious
 * violation on the Users tab and its dialog at desktop and phone sizes.
 */
describe('admin users in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let adminContext: BrowserContext;
  let danContext: BrowserContext;
  let admin: Page;
  let dan: CurrentUserDto;
  let danUsername: string;

  beforeAll(async () => {
    system = await startAllInOneSystem({ env: { ADMIN_USERNAME, ADMIN_PASSWORD } });
    browser = await launchBrowser();
    adminContext = await appContext(browser, system.baseUrl);
    danContext = await appContext(browser, system.baseUrl);
    await signIn(adminContext, ADMIN_USERNAME, ADMIN_PASSWORD);
    danUsername = uniqueUsername('dan');
    dan = await register(danContext, { username: danUsername, password: PASSWORD, name: 'Dan Dumpling' });
    admin = await adminContext.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  it('an admin deactivates a person: their session ends and they cannot sign in, until reactivated', async () => {
    await openPage(admin, '/admin?tab=users');
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(danUsername);
    const row = admin.getByRole('row').filter({ hasText: `@${danUsername}` });
    await row.waitFor();
    await row.getByRole('button', { name: 'View' }).click();
    const details = admin.getByRole('dialog', { name: `Dan Dumpling (@${danUsername})` });
    await details.getByText('No reviews yet').waitFor();
    await details.getByRole('tab', { name: 'Activity Log' }).click();
    await details.getByRole('tab', { name: 'Activity Log', selected: true }).waitFor();
    await admin.keyboard.press('Escape');

    await row.getByRole('button', { name: 'Deactivate' }).click();
    const ask = admin.getByRole('dialog', { name: `Deactivate @${danUsername}?` });
    await ask.getByRole('textbox').fill('Spam reviews');
    await ask.getByRole('button', { name: 'Deactivate' }).click();
    await admin.getByText('User has been deactivated').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();

    // Dan's open session: his next page is the sign-in screen.
    const danPage = await danContext.newPage();
    await openPage(danPage, '/profile');
    await danPage.waitForURL(/\/auth/);
    const signIn = await danContext.request.post('/api/login', {
      data: { username: danUsername, password: PASSWORD },
    });
    expect(signIn.status()).toBe(403);

    await row.getByRole('button', { name: 'Reactivate' }).click();
    await admin
      .getByRole('dialog', { name: `Reactivate @${danUsername}?` })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await admin.getByText('User has been reactivated').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    const again = await danContext.request.post('/api/login', {
      data: { username: danUsername, password: PASSWORD },
    });
    expect(again.status()).toBe(200);
    expect(dan.id).toBeGreaterThan(0);
  });

  it('has no serious accessibility violation on the Users tab and its dialog, desktop and phone', async () => {
    const problems: string[] = [];
    for (const { name, viewport } of VIEWPORTS) {
      await admin.setViewportSize(viewport);
      await openPage(admin, '/admin?tab=users');
      await admin.getByRole('table', { name: 'Users' }).waitFor();
      const tab = await accessibilityProblem(admin, `admin users tab (${name})`);
      if (tab) problems.push(tab);
      await admin.getByRole('button', { name: 'Filter Users' }).click();
      await admin.getByRole('radio', { name: '0-10 reviews' }).waitFor();
      const filters = await accessibilityProblem(admin, `admin users filters (${name})`);
      if (filters) problems.push(filters);
      await admin.keyboard.press('Escape');
      await admin
        .getByRole('row')
        .filter({ hasText: `@${danUsername}` })
        .getByRole('button', { name: 'View' })
        .click();
      await admin.getByRole('dialog').getByText('No reviews yet').waitFor();
      const dialog = await accessibilityProblem(admin, `admin user detail (${name})`);
      if (dialog) problems.push(dialog);
      await admin.keyboard.press('Escape');
    }
    expect(problems).toEqual([]);
  });
});

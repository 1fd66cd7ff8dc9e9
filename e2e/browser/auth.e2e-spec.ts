import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { uniqueUsername } from '../support/api-client.js';
import { launchBrowser, openPage, reloadPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

/**
 * The foundation's user journey in a real browser against `npm start`'s all-in-one mode:
 * register through the preferences dialog, reload, sign out, sign back in.
 */
describe('registration and sign-in in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    system = await startAllInOneSystem();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  it('registers, survives a reload, signs out and signs back in', async () => {
    const username = uniqueUsername('browser');
    const password = 'Browser#123';

    // A protected page sends an anonymous visitor to /auth.
    await openPage(page, `${system.baseUrl}/settings`);
    await page.waitForURL('**/auth');

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Full Name').fill('Browser Tester');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill('Mismatch#1');
    await page.getByRole('button', { name: 'Continue to Dining Preferences' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Continue to Dining Preferences' }).click();

    const dialog = page.getByRole('dialog', { name: 'Build Your DineBuds Profile' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'SushiBud' }).click();
    await dialog.getByRole('button', { name: 'VeganBud' }).click();
    await dialog.getByText('Selected: 2/5').waitFor();
    await dialog.getByRole('button', { name: 'Next: Choose Cities' }).click();
    await dialog.getByRole('button', { name: 'Charlottesville' }).click();
    await dialog.getByRole('button', { name: 'Complete Profile' }).click();

    // Lands on the own profile with the generated bio and the chosen badges.
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Browser Tester' }).waitFor();
    await page.getByText(`@${username}`).first().waitFor();
    await page
      .getByText('Food enthusiast with a passion for sushi and vegan, enjoying dining in Charlottesville.')
      .waitFor();
    await page.getByText('SushiBud').first().waitFor();
    await page.getByText('Flavor Seeker').first().waitFor();

    // The session is a server-side cookie: a reload keeps the user signed in.
    await reloadPage(page);
    await page.getByRole('heading', { name: 'Browser Tester' }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'dinebuds_sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    // Sign out through the confirm dialog.
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Sign Out?' });
    await confirm.getByText('Are you sure you want to sign out of your account?').waitFor();
    await confirm.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
    await openPage(page, `${system.baseUrl}/profile`);
    await page.waitForURL('**/auth');

    // A wrong password shows the server's message; the right one signs in.
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#12345');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByText('Invalid username or password').first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await openPage(page, `${system.baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Browser Tester' }).waitFor();
  }, 90_000);
});

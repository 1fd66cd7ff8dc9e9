import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CurrentUserDto, IsFollowingResponse, ReviewDto } from '@dinebuds/contracts';
import { eventually } from '@dinebuds/testing';
import { uniqueUsername } from '../support/api-client.js';
import { expectAccessible } from '../support/axe.js';
import { launchBrowser, openPage, reloadPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Safety#123';
const ADMIN_USERNAME = uniqueUsername('chief');
const ADMIN_PASSWORD = 'Admin#Secret1';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Issue 27's safety tools and restaurant details in a browser against the all-in-one mode
 * (frontend/dist must be built): a person mutes, unmutes and removes a follower from another
 * person's profile menu; an admin edits a restaurant's details and sees them on its page; axe
 * finds nothing serious in the menu and dialogs at desktop and phone sizes.
 */
describe('safety tools and restaurant details in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let annContext: BrowserContext;
  let bobContext: BrowserContext;
  let adminContext: BrowserContext;
  let ann: CurrentUserDto;
  let bob: CurrentUserDto;
  let restaurantId: number;

  async function post<T>(ctx: BrowserContext, path: string, data?: unknown): Promise<T> {
    const response = await ctx.request.post(`${system.baseUrl}${path}`, data === undefined ? {} : { data });
    expect(response.ok()).toBe(true);
    return (await response.json()) as T;
  }

  const register = (ctx: BrowserContext, prefix: string, name: string) =>
    post<CurrentUserDto>(ctx, '/api/register', {
      username: uniqueUsername(prefix),
      password: PASSWORD,
      name,
    });

  /** A page of `ctx` at `viewport` (a phone-sized one is a new context with the same cookies). */
  async function pageAt(ctx: BrowserContext, viewport: typeof DESKTOP): Promise<Page> {
    if (viewport === DESKTOP) return ctx.newPage();
    const phone = await browser.newContext({
      baseURL: system.baseUrl,
      viewport,
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
      storageState: await ctx.storageState(),
    });
    return phone.newPage();
  }

  beforeAll(async () => {
    system = await startAllInOneSystem({ env: { ADMIN_USERNAME, ADMIN_PASSWORD } });
    browser = await launchBrowser();
    // axe is injected as an inline script, which the app's CSP would refuse.
    const options = { baseURL: system.baseUrl, viewport: DESKTOP, bypassCSP: true };
    annContext = await browser.newContext(options);
    bobContext = await browser.newContext(options);
    adminContext = await browser.newContext(options);
    ann = await register(annContext, 'ann', 'Ann Anchovy');
    bob = await register(bobContext, 'bob', 'Bob Brisket');
    await post(adminContext, '/api/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    await eventually(
      async () => (await fetch(`${system.baseUrl}/api/users/${bob.id}/followers/count`)).status === 200,
      30_000,
      100,
    );
    await eventually(
      async () => (await fetch(`${system.baseUrl}/api/users/${ann.id}/followers/count`)).status === 200,
      30_000,
      100,
    );
    await post(bobContext, `/api/users/${bob.id}/follow/${ann.id}`);
    await post(annContext, `/api/users/${ann.id}/follow/${bob.id}`);
    const review = await post<ReviewDto>(bobContext, '/api/reviews', {
      restaurantName: 'Brisket Barn',
      address: '3 Smoke St, Chicago, IL',
      rating: 5,
    });
    restaurantId = review.restaurantId;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  const bobFollowsAnn = async () =>
    (
      (await (
        await bobContext.request.get(`${system.baseUrl}/api/users/${bob.id}/is-following/${ann.id}`)
      ).json()) as IsFollowingResponse
    ).status === 'following';

  it('mutes and unmutes from the profile menu, then removes a follower after confirming', async () => {
    const page = await pageAt(annContext, DESKTOP);
    await openPage(page, `/profile/${bob.username}`);
    await page.getByRole('heading', { name: 'Bob Brisket' }).waitFor();

    await page.getByRole('button', { name: 'Profile actions' }).click();
    await page.getByRole('menuitem', { name: 'Remove follower' }).waitFor();
    await expectAccessible(page, 'profile menu with safety tools (desktop)');
    await page.getByRole('menuitem', { name: 'Mute user' }).click();
    await page.getByText('User muted').waitFor();

    await page.getByRole('button', { name: 'Profile actions' }).click();
    await page.getByRole('menuitem', { name: 'Unmute user' }).click();
    await page.getByText('User unmuted').waitFor();

    await page.getByRole('button', { name: 'Profile actions' }).click();
    await page.getByRole('menuitem', { name: 'Remove follower' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Bob Brisket as a follower?' });
    await confirm.waitFor();
    await expectAccessible(page, 'remove follower confirmation (desktop)');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Follower removed').waitFor();
    await eventually(async () => !(await bobFollowsAnn()), 20_000);
    // Ann still follows bob: only his follow of her ended; the menu no longer offers it.
    await page.getByRole('button', { name: 'Profile actions' }).click();
    await page.getByRole('menuitem', { name: 'Mute user' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Remove follower' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.close();
  }, 90_000);

  it('shows the safety tools accessibly on a phone', async () => {
    const page = await pageAt(annContext, PHONE);
    await openPage(page, `/profile/${bob.username}`);
    await page.getByRole('heading', { name: 'Bob Brisket' }).waitFor();
    await page.getByRole('button', { name: 'Profile actions' }).click();
    await page.getByRole('menuitem', { name: 'Mute user' }).waitFor();
    await expectAccessible(page, 'profile menu with safety tools (phone)');
    await page.context().close();
  }, 60_000);

  it('an admin edits the details and sees them on the page; others get no admin buttons', async () => {
    const visitor = await pageAt(annContext, DESKTOP);
    await openPage(visitor, `/restaurants/${restaurantId}`);
    await visitor.getByRole('heading', { name: 'Brisket Barn', level: 1 }).waitFor();
    expect(await visitor.getByRole('button', { name: 'Edit details' }).count()).toBe(0);
    await visitor.close();

    const page = await pageAt(adminContext, DESKTOP);
    await openPage(page, `/restaurants/${restaurantId}`);
    await page.getByRole('heading', { name: 'Brisket Barn', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit details' });
    await dialog.waitFor();
    await dialog.getByLabel('Cuisine').fill('Barbecue');
    await dialog.getByLabel('Price range').selectOption('$$');
    await dialog.getByLabel('Category').fill('Smokehouse');
    await dialog.getByLabel('Phone').fill('not a phone');
    await dialog.getByLabel('Website').fill('https://brisket-barn.example.com');
    await dialog.getByRole('button', { name: 'Save details' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Phone must be a phone number' }).waitFor();
    await expectAccessible(page, 'edit restaurant details dialog with an error (desktop)');
    await dialog.getByLabel('Phone').fill('+1 (312) 555-0142');
    await dialog.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Restaurant details saved').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await reloadPage(page);
    await page.getByText('Barbecue').waitFor();
    await page.getByText('$$ Mid-range').waitFor();
    await page.getByText('Smokehouse').waitFor();
    expect(await page.getByRole('link', { name: '+1 (312) 555-0142' }).getAttribute('href')).toBe(
      'tel:+13125550142',
    );
    await page.getByRole('link', { name: /brisket-barn\.example\.com/ }).waitFor();
    await expectAccessible(page, 'restaurant page with details (desktop)');
    await page.getByRole('button', { name: 'Merge into…' }).click();
    await page.getByRole('dialog', { name: 'Merge into…' }).waitFor();
    await expectAccessible(page, 'merge restaurant dialog (desktop)');
    await page.close();
  }, 90_000);

  it('shows the restaurant details and the admin dialog accessibly on a phone', async () => {
    const page = await pageAt(adminContext, PHONE);
    await openPage(page, `/restaurants/${restaurantId}`);
    await page.getByText('Barbecue').waitFor();
    await expectAccessible(page, 'restaurant page with details (phone)');
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByRole('dialog', { name: 'Edit details' }).waitFor();
    await expectAccessible(page, 'edit restaurant details dialog (phone)');
    await page.context().close();
  }, 60_000);
});

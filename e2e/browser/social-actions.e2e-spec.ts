import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { eventually } from '@dinebuds/testing';
import { uniqueUsername } from '../support/api-client.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

/**
 * The rest of the social screens in a browser against the all-in-one mode (frontend/dist must be
 * built): what anonymous visitors see, recommendations, a failed and a real Delete of a follow
 * request, a failed unfollow, block and unblock from the profile and Settings.
 */
describe('social actions in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let carla: CurrentUserDto;
  let dan: CurrentUserDto;
  let eve: CurrentUserDto;

  async function post<T>(ctx: BrowserContext, path: string, data?: unknown): Promise<T> {
    const response = await ctx.request.post(`${system.baseUrl}${path}`, data === undefined ? {} : { data });
    expect(response.ok()).toBe(true);
    return (await response.json()) as T;
  }

  /** Answers every matching call with a 500 carrying `message`, as a failing service would. */
  const failWith = (message: string) => (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 500, message, error: 'Internal Server Error' }),
    });

  beforeAll(async () => {
    system = await startAllInOneSystem();
    browser = await launchBrowser();
    const options = { baseURL: system.baseUrl, viewport: { width: 1280, height: 900 } };
    context = await browser.newContext(options);
    const eveContext = await browser.newContext(options);
    const danContext = await browser.newContext(options);

    const register = (ctx: BrowserContext, prefix: string, name: string) =>
      post<CurrentUserDto>(ctx, '/api/register', {
        username: uniqueUsername(prefix),
        password: 'Social#123',
        name,
        flavorBuds: ['sushi', 'vegan', 'pizza'],
      });
    carla = await register(context, 'carla', 'Carla Crudo');
    dan = await register(danContext, 'dan', 'Dan Dumpling');
    eve = await register(eveContext, 'eve', 'Eve Espresso');
    await post(context, `/api/users/${carla.id}/toggle-privacy`);
    // social-graph learns users, badges and privacy from identity's events.
    await eventually(
      async () => (await fetch(`${system.baseUrl}/api/users/${carla.id}/followers`)).status === 403,
      30_000,
      100,
    );
    await eventually(
      async () => (await fetch(`${system.baseUrl}/api/users/${dan.id}/followers/count`)).status === 200,
      30_000,
      100,
    );
    await eventually(
      async () => (await fetch(`${system.baseUrl}/api/users/${eve.id}/followers/count`)).status === 200,
      30_000,
      100,
    );
    expect(await post(eveContext, `/api/users/${eve.id}/follow/${carla.id}`)).toEqual({
      status: 'requested',
    });
    await eveContext.close();
    await danContext.close();
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  it('shows anonymous visitors no follow or block controls', async () => {
    const anonymous = await browser.newPage({ baseURL: system.baseUrl });
    try {
      await openPage(anonymous, `/profile/${dan.username}`);
      await anonymous.getByRole('heading', { name: 'Dan Dumpling' }).waitFor();
      await anonymous.getByRole('button', { name: '0 Followers', exact: true }).waitFor();
      await anonymous.getByRole('link', { name: 'Sign In' }).waitFor();
      expect(await anonymous.getByRole('button', { name: 'Follow', exact: true }).count()).toBe(0);
      expect(await anonymous.getByRole('button', { name: 'Profile actions' }).count()).toBe(0);
      // Followers of a public user are public; the empty list says so in the spec's words.
      await anonymous.getByRole('button', { name: '0 Followers', exact: true }).click();
      await anonymous.getByText("Dan Dumpling doesn't have any followers yet.").waitFor();
    } finally {
      await anonymous.close();
    }
  }, 60_000);

  it('follows a recommended bud from the Recommended view', async () => {
    await openPage(page, '/social?view=recommended');
    await page.getByText('Friend Recommendations').waitFor();
    const card = page
      .getByRole('list', { name: 'Recommended buds' })
      .getByRole('listitem', { name: 'Dan Dumpling' });
    await card.getByText('Also loves sushi, vegan and pizza').waitFor();
    await card.getByText('SushiBud').waitFor();
    await card.getByText('+1 more').waitFor();
    await card.getByRole('button', { name: 'Follow', exact: true }).click();
    const done = card.getByRole('button', { name: 'Following', exact: true });
    await done.waitFor();
    expect(await done.isDisabled()).toBe(true);
    await page
      .locator('[data-stat="following"]')
      .filter({ hasText: /^1 Following$/ })
      .waitFor();
  }, 60_000);

  it('puts a request back when Delete fails, and deletes it when the call works', async () => {
    await openPage(page, '/social?tab=requests');
    const requests = page.getByRole('list', { name: 'Follow requests' });
    const row = requests.getByRole('listitem').filter({ hasText: `@${eve.username}` });
    await row.waitFor();

    await page.route('**/reject-request/**', failWith('Requests are resting'));
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Could not delete the request').waitFor();
    await page.getByText('Requests are resting').waitFor();
    await row.waitFor();
    await page.unroute('**/reject-request/**');

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No pending follow requests').waitFor();
    await page.getByText('Request deleted').waitFor();
  }, 60_000);

  it('restores Following when unfollow fails, then blocks and unblocks', async () => {
    await openPage(page, `/profile/${dan.username}`);
    await page.getByRole('heading', { name: 'Dan Dumpling' }).waitFor();
    await page.getByRole('button', { name: '1 Follower', exact: true }).waitFor();

    // Spec 1 §8: follow errors are only logged, and the previous state comes back.
    await page.route('**/unfollow/**', failWith('Unfollow is down'));
    await page.getByRole('button', { name: 'Following', exact: true }).hover();
    const failed = page.waitForResponse((response) => response.url().includes('/unfollow/'));
    const recheck = page.waitForResponse(
      (response) =>
        response.url().includes(`/is-following/${dan.id}`) && response.request().method() === 'GET',
    );
    await page.getByRole('button', { name: 'Unfollow', exact: true }).click();
    expect((await failed).status()).toBe(500);
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    expect(await (await recheck).json()).toMatchObject({ status: 'following' });
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await page.unroute('**/unfollow/**');

    // A failed block says so; a working one says who was blocked and ends the follow.
    await page.route('**/api/users/block', failWith('Blocks are down'));
    await page.getByRole('button', { name: 'Profile actions' }).click();
    await page.getByRole('menuitem', { name: 'Block user' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Block Dan Dumpling?' });
    await confirm.getByRole('button', { name: 'Block' }).click();
    await page.getByText('Error blocking user').waitFor();
    await page.getByText('Blocks are down').waitFor();
    await page.unroute('**/api/users/block');
    await confirm.getByRole('button', { name: 'Block' }).click();
    await page.getByText('User blocked').waitFor();
    await page.getByText('You have blocked Dan Dumpling.').first().waitFor();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '0 Followers', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^(Follow|Following)$/ }).count()).toBe(0);

    // Settings → Security & Privacy → Privacy lists the block, with Unblock.
    await openPage(page, '/settings');
    await page.getByRole('button', { name: 'Security & Privacy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Security & Privacy' });
    await dialog.getByRole('tab', { name: 'Privacy' }).click();
    const blocked = dialog.getByRole('list', { name: 'Blocked users' });
    await blocked.getByRole('link', { name: /Dan Dumpling/ }).waitFor();
    await blocked.getByRole('button', { name: 'Unblock Dan Dumpling' }).click();
    await dialog.getByText("You haven't blocked anyone").waitFor();
    await page.getByText('You have unblocked Dan Dumpling.').waitFor();

    // Unblocked: the profile offers Follow again.
    await openPage(page, `/profile/${dan.username}`);
    await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
  }, 60_000);
});

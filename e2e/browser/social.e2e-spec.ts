import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CurrentUserDto, TogglePrivacyResponse } from '@dinebuds/contracts';
import { eventually } from '@dinebuds/testing';
import { uniqueUsername } from '../support/api-client.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

/**
 * The social graph in two browsers against `npm start`'s all-in-one mode (it serves
 * frontend/dist: build the frontend first). A asks to follow private B from B's profile; B
 * accepts and follows back from Social → Requests; both then see the new counts.
 */
describe('following a private bud in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  let userA: CurrentUserDto;
  let userB: CurrentUserDto;

  /** Registers through the API inside a browser context, so the session cookie lands in it. */
  async function register(context: BrowserContext, prefix: string, name: string): Promise<CurrentUserDto> {
    const response = await context.request.post(`${system.baseUrl}/api/register`, {
      data: { username: uniqueUsername(prefix), password: 'Social#123', name },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as CurrentUserDto;
  }

  beforeAll(async () => {
    system = await startAllInOneSystem();
    browser = await launchBrowser();
    const options = { baseURL: system.baseUrl, viewport: { width: 390, height: 844 } };
    contextA = await browser.newContext(options);
    contextB = await browser.newContext(options);

    userA = await register(contextA, 'alice', 'Alice Appetite');
    userB = await register(contextB, 'bruno', 'Bruno Bistro');
    const privacy = await contextB.request.post(`${system.baseUrl}/api/users/${userB.id}/toggle-privacy`);
    expect(((await privacy.json()) as TogglePrivacyResponse).isPrivate).toBe(true);

    // social-graph learns users and their privacy from identity's events: wait until it has both,
    // and B as private (an anonymous visitor is refused B's followers list).
    await eventually(
      async () => (await fetch(`${system.baseUrl}/api/users/${userA.id}/followers/count`)).status === 200,
      30_000,
      100,
    );
    await eventually(
      async () => (await fetch(`${system.baseUrl}/api/users/${userB.id}/followers`)).status === 403,
      30_000,
      100,
    );

    pageA = await contextA.newPage();
    pageB = await contextB.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  /** A profile header count, e.g. stat(page, '1 Follower'): the count buttons are named by their text. */
  const stat = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  it('A requests to follow private B, B accepts and follows back, both see the counts', async () => {
    // A on B's profile: the private-profile text and a Follow button; the request reads Requested.
    await openPage(pageA, `/profile/${userB.username}`);
    await pageA.getByRole('heading', { name: 'Bruno Bistro' }).waitFor();
    await pageA.getByText('This account is private. Only approved followers can see').waitFor();
    await stat(pageA, '0 Followers').waitFor();
    // The follow list of a private account is closed to non-followers.
    await stat(pageA, '0 Followers').click();
    const closedList = pageA.getByRole('dialog', { name: 'Followers' });
    await closedList.getByText('This account is private').waitFor();
    await closedList.getByRole('button', { name: 'Close' }).click();
    await closedList.waitFor({ state: 'detached' });

    // The status is checked again 200 ms after the action, and the server says requested too.
    const follow = pageA.getByRole('button', { name: 'Follow', exact: true });
    await follow.waitFor();
    const recheck = pageA.waitForResponse(
      (response) =>
        response.url().includes(`/is-following/${userB.id}`) && response.request().method() === 'GET',
    );
    const followCall = pageA.waitForResponse((response) => response.url().includes(`/follow/${userB.id}`));
    await follow.click();
    await pageA.getByRole('button', { name: 'Requested', exact: true }).waitFor();
    expect(await (await followCall).json()).toEqual({ status: 'requested' });
    expect(await (await recheck).json()).toMatchObject({ isFollowing: false, status: 'requested' });
    await pageA.getByRole('button', { name: 'Requested', exact: true }).waitFor();

    // B: Find Buds in the bottom navigation, the Requests tab with its badge, Accept & Follow.
    await openPage(pageB, '/');
    await pageB.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find Buds' }).click();
    await pageB.waitForURL('**/social');
    await pageB.getByRole('heading', { name: 'Social', exact: true }).waitFor();
    const requestsTab = pageB.getByRole('tab', { name: /^Requests/ });
    await requestsTab.getByTestId('requests-badge').filter({ hasText: /^1/ }).waitFor();
    await requestsTab.click();
    await pageB.getByText('People who want to follow you').waitFor();
    await pageB.getByRole('switch', { name: 'Private Profile' }).waitFor();
    await pageB.getByText('New followers must be approved').waitFor();
    const request = pageB
      .getByRole('list', { name: 'Follow requests' })
      .getByRole('listitem')
      .filter({ hasText: `@${userA.username}` });
    await request.getByRole('link', { name: /Alice Appetite/ }).waitFor();
    await request.getByRole('button', { name: 'Accept & Follow' }).click();
    await pageB.getByText('No pending follow requests').waitFor();
    await requestsTab.getByTestId('requests-badge').waitFor({ state: 'detached' });
    await pageB.getByText('Request accepted').first().waitFor();

    // B's header counts: A follows B, and B follows A back (A is public, so at once).
    await pageB
      .locator('[data-stat="followers"]')
      .filter({ hasText: /^1 Follower$/ })
      .waitFor();
    await pageB
      .locator('[data-stat="following"]')
      .filter({ hasText: /^1 Following$/ })
      .waitFor();
    await openPage(pageB, `/profile/${userA.username}`);
    await pageB.getByRole('heading', { name: 'Alice Appetite' }).waitFor();
    await pageB.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await stat(pageB, '1 Follower').waitFor();
    await stat(pageB, '1 Following').waitFor();

    // A's own profile: 1 follower (B), 1 following (B); the list links to B's profile.
    await openPage(pageA, '/profile');
    await pageA.getByRole('heading', { name: 'Alice Appetite' }).waitFor();
    await stat(pageA, '1 Following').waitFor();
    await stat(pageA, '1 Follower').click();
    const followers = pageA.getByRole('dialog', { name: 'Followers' });
    await followers.getByRole('link', { name: /Bruno Bistro/ }).click();
    await pageA.waitForURL(`**/profile/${userB.username}`);

    // Now an approved follower: Following (Unfollow on hover), no private-profile text.
    await pageA.getByRole('heading', { name: 'Bruno Bistro' }).waitFor();
    const following = pageA.getByRole('button', { name: 'Following', exact: true });
    await following.waitFor();
    expect(await pageA.getByText('This account is private. Only approved followers can see').count()).toBe(0);
    await stat(pageA, '1 Follower').waitFor();
    await following.hover();
    await pageA.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();

    // Search Buds finds B case-insensitively, with the follow state.
    await openPage(pageA, '/social');
    await pageA.getByLabel('Search buds by name or username').fill('bruno BISTRO');
    const result = pageA
      .getByRole('list', { name: 'Search results' })
      .getByRole('listitem')
      .filter({ hasText: `@${userB.username}` });
    await result.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await pageA.getByLabel('Search buds by name or username').fill('no-such-bud-here');
    await pageA.getByText('No users found matching "no-such-bud-here"').waitFor();
  }, 120_000);
});

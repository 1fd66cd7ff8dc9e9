import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { uniqueUsername } from '../support/api-client.js';
import { launchBrowser, waitForApp, openPage, reloadPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

/**
 * Issue 13 in a real browser against `npm start`'s all-in-one mode (it serves frontend/dist: build
 * the frontend first): the service worker lets a repeat visit reach the sign-in screen without
 * the network, keeps no user's API answers in any cache once they sign out, and a screen whose
 * chunk is gone after a deploy reloads the page once instead of showing an error.
 */
describe('the app offline, across a sign-out and across a deploy', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const newContext = async (serviceWorkers: 'allow' | 'block' = 'allow') => {
    const context = await browser.newContext({
      baseURL: system.baseUrl,
      viewport: { width: 390, height: 844 },
      serviceWorkers,
    });
    contexts.push(context);
    return context;
  };

  /** Registers through the API inside the context, so the session cookie lands in it. */
  async function register(context: BrowserContext, name: string) {
    const response = await context.request.post('/api/register', {
      data: { username: uniqueUsername('sw'), password: 'Offline#123', name },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as { id: number; username: string };
  }

  /** Resolves once a service worker controls the page (after its first install, on a reload). */
  async function controlledBySw(page: Page) {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      await reloadPage(page);
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    }
  }

  beforeAll(async () => {
    system = await startAllInOneSystem();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  it('shows the sign-in screen on a repeat visit without the network', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await openPage(page, '/auth');
    await page.getByRole('button', { name: 'Sign In' }).last().waitFor();
    await controlledBySw(page);

    await context.setOffline(true);
    try {
      // A new tab, as a diner opening the app from the home screen with no signal.
      const offline = await context.newPage();
      await openPage(offline, '/auth');
      await offline.getByLabel('Username').waitFor();
      await offline.getByLabel('Password', { exact: true }).waitFor();
      await offline.getByRole('button', { name: 'Sign In' }).last().waitFor();
      await expect(offline.getByText('Something went wrong').count()).resolves.toBe(0);
    } finally {
      await context.setOffline(false);
    }
  }, 90_000);

  it('serves none of a signed-out user their API answers from any cache', async () => {
    const context = await newContext();
    const name = 'Cache Checker';
    const me = await register(context, name);
    const page = await context.newPage();
    // The user's reads: the API's answers, and the pages the gateway rendered with their data.
    const apiUrls = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      const rendered = response.request().resourceType() === 'document' && !url.pathname.startsWith('/auth');
      if ((url.pathname.startsWith('/api/') || rendered) && response.request().method() === 'GET')
        apiUrls.add(url.href);
    });

    await openPage(page, '/profile');
    await page.getByRole('heading', { name }).waitFor();
    await controlledBySw(page);
    // Every screen's reads once under the service worker's control.
    await openPage(page, '/profile');
    await page.getByRole('heading', { name }).waitFor();
    await openPage(page, '/social');
    await page.getByRole('heading', { name: 'Social' }).waitFor();
    await page.getByText('All Users').first().waitFor();
    await openPage(page, '/settings');
    await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
    expect([...apiUrls].some((url) => url.endsWith('/settings'))).toBe(true);
    expect(apiUrls.size).toBeGreaterThan(3);

    await openPage(page, '/profile');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page
      .getByRole('alertdialog', { name: 'Sign Out?' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    await page.waitForURL('**/auth');

    // No Cache Storage entry (the service worker's caches) holds an API answer.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const cacheName of await caches.keys()) {
        const cache = await caches.open(cacheName);
        for (const request of await cache.keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);

    // Offline, each URL the session read, asked for with any cached copy accepted (the HTTP
    // cache included): nothing answers, so nothing of the user's was kept.
    await context.setOffline(true);
    try {
      const answered = await page.evaluate(
        async (urls) => {
          const hits: string[] = [];
          for (const url of urls) {
            try {
              const response = await fetch(url, { cache: 'force-cache', credentials: 'include' });
              hits.push(`${url} -> ${response.status}`);
            } catch {
              // The network is off and no cache has it: what must happen.
            }
          }
          return hits;
        },
        [...apiUrls],
      );
      expect(answered).toEqual([]);

      // A reload without the network shows the sign-in screen, not the user's profile.
      await openPage(page, '/profile');
      await expect(page.getByText(me.username).count()).resolves.toBe(0);
      await expect(page.getByRole('heading', { name }).count()).resolves.toBe(0);
    } finally {
      await context.setOffline(false);
    }

    // Back online the session is gone: the server says so, not a cached answer.
    const user = await page.evaluate(async () => (await fetch('/api/user', { cache: 'force-cache' })).status);
    expect(user).toBe(401);
  }, 120_000);

  it('reloads once when a screen’s chunk is gone after a deploy, and then shows the screen', async () => {
    // Without a service worker, so the browser's requests reach page.route.
    const context = await newContext('block');
    await register(context, 'Deploy Watcher');
    const page = await context.newPage();
    await openPage(page, '/profile');
    await page.getByRole('heading', { name: 'Deploy Watcher' }).waitFor();
    await waitForApp(page);

    let socialChunkRequests = 0;
    let loads = 0;
    let reloads = 0;
    page.on('load', () => (loads += 1));
    // The reload is the page's next document request (the click itself navigates in the app).
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) reloads += 1;
    });
    await page.route(/\/assets\/social-screen-[\w-]+\.js$/, async (route) => {
      socialChunkRequests += 1;
      // Until the page reloads, answer as a server after a deploy does: the old hashed file is
      // gone. Every ask, not only the first: the route's preload and the screen's import may each
      // fetch it (Chrome does not keep a failed import), and a second ask that succeeded would
      // show the screen without the reload this test is about. The reloaded document's own
      // preload comes before its load event, so the reload is told by its request, not by load.
      if (reloads === 0) await route.fulfill({ status: 404, body: 'Not Found' });
      else await route.continue();
    });

    await page.getByRole('link', { name: 'Find Buds' }).first().click();
    await page.getByRole('heading', { name: 'Social' }).waitFor();
    // The reloaded page is rendered by the gateway: the app takes it over once its chunk is in.
    await waitForApp(page);
    expect(page.url()).toMatch(/\/social$/);
    expect(socialChunkRequests).toBeGreaterThanOrEqual(2);
    expect(reloads).toBe(1);
    expect(loads).toBe(1);
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
  }, 90_000);

  it('shows the error instead of reloading again when the chunk keeps failing', async () => {
    const context = await newContext('block');
    await register(context, 'Loop Guard');
    const page = await context.newPage();
    await openPage(page, '/profile');
    await page.getByRole('heading', { name: 'Loop Guard' }).waitFor();
    await waitForApp(page);

    await page.route(/\/assets\/social-screen-[\w-]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'Not Found' }),
    );
    let loads = 0;
    page.on('load', () => (loads += 1));

    await page.getByRole('link', { name: 'Find Buds' }).first().click();
    await page.getByText('Something went wrong').waitFor();
    // One reload, then the error screen: no loop.
    expect(loads).toBe(1);
    await page.waitForTimeout(1000);
    expect(loads).toBe(1);
  }, 90_000);
});

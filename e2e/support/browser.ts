import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { CurrentUserDto } from '@dinebuds/contracts';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** The two sizes every screen is checked at: a desktop and a phone. */
export const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/**
 * A browser context on the app at desktop size. bypassCSP: axe is injected as an inline script,
 * which the app's CSP refuses.
 */
export function appContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS[0].viewport, bypassCSP: true });
}

/** Signs the context in (its cookie then rides every page and request); throws unless 200. */
export async function signIn(
  context: BrowserContext,
  username: string,
  password: string,
): Promise<CurrentUserDto> {
  const login = await context.request.post('/api/login', { data: { username, password } });
  if (login.status() !== 200) throw new Error(`${username} could not sign in: ${login.status()}`);
  return (await login.json()) as CurrentUserDto;
}

/** Registers a person in the context (signed in by the registration); throws unless 201. */
export async function register(
  context: BrowserContext,
  person: { username: string; password: string; name: string },
): Promise<CurrentUserDto> {
  const registered = await context.request.post('/api/register', { data: person });
  if (registered.status() !== 201)
    throw new Error(`registering ${person.username} answered ${registered.status()}`);
  return (await registered.json()) as CurrentUserDto;
}

/**
 * Waits until the app has taken over the page the gateway rendered (or drawn its own): hydration
 * goes through the page in order, giving each element React's props, so once the last element of
 * the app has them, and two frames have passed for the commit, the app's handlers are attached.
 * Server-rendered content is on screen before that, so a click on it may not reach the app yet.
 */
export async function waitForApp(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const all = document.querySelectorAll('#root *');
      const last = all[all.length - 1];
      return last !== undefined && Object.keys(last).some((key) => key.startsWith('__reactProps$'));
    },
    null,
    { timeout },
  );
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
  );
}

/**
 * Opens a page as a person does: when the gateway rendered it (its content is on screen before the
 * app's code has run), only once the app has taken it over, so a click or a keystroke reaches the
 * app rather than the server's markup. Other pages (the plain page, the service worker's offline
 * shell) as soon as they load, as before.
 */
export async function openPage(
  page: Page,
  url: string,
  options?: Parameters<Page['goto']>[1],
): Promise<Awaited<ReturnType<Page['goto']>>> {
  const response = await page.goto(url, options);
  await untilTheAppHasIt(page, response);
  return response;
}

/** `page.reload()`, then as `openPage`. */
export async function reloadPage(
  page: Page,
  options?: Parameters<Page['reload']>[0],
): Promise<Awaited<ReturnType<Page['reload']>>> {
  const response = await page.reload(options);
  await untilTheAppHasIt(page, response);
  return response;
}

async function untilTheAppHasIt(page: Page, response: Awaited<ReturnType<Page['goto']>>): Promise<void> {
  const html = response ? await response.text().catch(() => '') : '';
  if (html.includes('id="server-state"')) await waitForApp(page);
}

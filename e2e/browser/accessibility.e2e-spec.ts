import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { eventually } from '@dinebuds/testing';
import { uniqueUsername } from '../support/api-client.js';
import { accessibilityProblem, horizontalOverflowProblem } from '../support/axe.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const PASSWORD = 'Secret#123x';

/**
 * axe-core on every screen of the app and its open dialogs, at a desktop and a phone size, against
 * the all-in-one mode (frontend/dist must be built). Any serious or critical violation fails with
 * its rule, selectors and screen; on the phone no screen may scroll sideways.
 */
describe('accessibility of every screen (axe-core)', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let signedInState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let me: CurrentUserDto;
  let dan: CurrentUserDto;
  let eve: CurrentUserDto;
  let restaurantId: number;

  async function post<T>(ctx: BrowserContext, path: string, data?: unknown): Promise<T> {
    const response = await ctx.request.post(`${system.baseUrl}${path}`, data === undefined ? {} : { data });
    expect(response.ok()).toBe(true);
    return (await response.json()) as T;
  }

  const status = async (path: string) => (await fetch(`${system.baseUrl}${path}`)).status;

  beforeAll(async () => {
    system = await startAllInOneSystem();
    browser = await launchBrowser();
    const options = { baseURL: system.baseUrl };
    const meContext = await browser.newContext(options);
    const danContext = await browser.newContext(options);
    const eveContext = await browser.newContext(options);
    const register = (ctx: BrowserContext, prefix: string, name: string) =>
      post<CurrentUserDto>(ctx, '/api/register', {
        username: uniqueUsername(prefix),
        password: PASSWORD,
        name,
        bio: 'Always hunting for the best ramen in town.',
        flavorBuds: ['sushi', 'vegan', 'pizza'],
        cityBuds: ['charlottesville'],
      });
    me = await register(meContext, 'ada', 'Ada Access');
    dan = await register(danContext, 'dan', 'Dan Dumpling');
    eve = await register(eveContext, 'eve', 'Eve Espresso');
    // social-graph learns users from identity's events.
    for (const user of [me, dan, eve]) {
      await eventually(
        async () => (await status(`/api/users/${user.id}/followers/count`)) === 200,
        30_000,
        100,
      );
    }
    // Dan and Ada follow each other; then Ada goes private and Eve's follow becomes a request.
    await post(danContext, `/api/users/${dan.id}/follow/${me.id}`);
    await post(meContext, `/api/users/${me.id}/follow/${dan.id}`);
    await post(meContext, `/api/users/${me.id}/toggle-privacy`);
    await post(eveContext, `/api/users/${eve.id}/toggle-privacy`);
    await eventually(async () => (await status(`/api/users/${me.id}/followers`)) === 403, 30_000, 100);
    await eventually(async () => (await status(`/api/users/${eve.id}/followers`)) === 403, 30_000, 100);
    expect(await post(eveContext, `/api/users/${eve.id}/follow/${me.id}`)).toEqual({ status: 'requested' });
    // One review on Ada's profile, so the List tab shows a card with its Edit and Delete.
    const review = await post<{ restaurantId: number }>(meContext, '/api/reviews', {
      restaurantName: 'Axe Noodle Bar',
      address: '1 Main St, Charlottesville, VA',
      rating: 4,
      notes: 'Great broth.',
    });
    restaurantId = review.restaurantId;
    signedInState = await meContext.storageState();
    await Promise.all([meContext.close(), danContext.close(), eveContext.close()]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  describe.each(VIEWPORTS)('at the $name size', ({ name, viewport }) => {
    let page: Page;
    let anonymous: Page;

    beforeAll(async () => {
      // The app's CSP refuses inline scripts, axe's injected source included.
      const options = { baseURL: system.baseUrl, viewport, bypassCSP: true };
      const signedIn = await browser.newContext({ ...options, storageState: signedInState });
      page = await signedIn.newPage();
      const visitor = await browser.newContext(options);
      anonymous = await visitor.newPage();
    });

    afterAll(async () => {
      await page?.context().close();
      await anonymous?.context().close();
    });

    let problems: string[] = [];

    /** axe on the current state of `target`; on the phone, also no sideways scrolling. */
    async function check(target: Page, screen: string): Promise<void> {
      const label = `${screen} @ ${name}`;
      const found = [
        await accessibilityProblem(target, label),
        name === 'phone' ? await horizontalOverflowProblem(target, label) : null,
      ];
      problems.push(...found.filter((problem) => problem !== null));
    }

    /** A test that checks several screens and then fails once, listing every screen's problems. */
    function screens(title: string, walk: () => Promise<void>): void {
      it(
        title,
        async () => {
          problems = [];
          try {
            await walk();
          } catch (error) {
            // Keep what the screens before the broken step found.
            if (error instanceof Error && problems.length > 0)
              error.message += `\n\n${problems.join('\n\n')}`;
            throw error;
          }
          if (problems.length > 0) throw new Error(problems.join('\n\n'));
        },
        60_000,
      );
    }

    async function closeWith(target: Page, dialog: Locator): Promise<void> {
      await target.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }

    screens('/auth: Login, Register with its errors, and the preferences dialog', async () => {
      await openPage(anonymous, '/auth');
      await anonymous.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await check(anonymous, '/auth Login');

      await anonymous.getByRole('tab', { name: 'Register' }).click();
      await anonymous.getByRole('heading', { name: 'Create your account' }).waitFor();
      await check(anonymous, '/auth Register');
      await anonymous.getByRole('button', { name: 'Continue to Dining Preferences' }).click();
      await anonymous.getByRole('alert').first().waitFor();
      await check(anonymous, '/auth Register with errors');

      await anonymous.getByLabel('Full Name').fill('Axe Tester');
      await anonymous.getByLabel('Username').fill(uniqueUsername('axe'));
      await anonymous.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await anonymous.getByLabel('Confirm Password').fill(PASSWORD);
      await anonymous.getByRole('button', { name: 'Continue to Dining Preferences' }).click();
      const dialog = anonymous.getByRole('dialog', { name: 'Build Your DineBuds Profile' });
      await dialog.getByRole('button', { name: 'SushiBud' }).click();
      await dialog.getByText('Selected: 1/5').waitFor();
      await check(anonymous, 'preferences dialog: FlavorBuds');
      await dialog.getByRole('button', { name: 'Next: Choose Cities' }).click();
      await dialog.getByRole('button', { name: 'Charlottesville' }).click();
      await check(anonymous, 'preferences dialog: CityBuds');
      await closeWith(anonymous, dialog);
    });

    screens('a profile, the terms, the privacy policy and the 404 page, signed out', async () => {
      await openPage(anonymous, `/profile/${dan.username}`);
      await anonymous.getByRole('heading', { name: 'Dan Dumpling' }).waitFor();
      await anonymous.getByRole('link', { name: 'Sign In' }).waitFor();
      await check(anonymous, "someone's profile, signed out");

      await openPage(anonymous, '/terms');
      await anonymous.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
      await check(anonymous, '/terms, signed out');
      await openPage(anonymous, '/privacy-policy');
      await anonymous.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
      await check(anonymous, '/privacy-policy, signed out');
      await openPage(anonymous, '/no-such-page');
      await anonymous.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await check(anonymous, '404, signed out');
    });

    screens('/profile with its menu, followers list and sign-out dialog', async () => {
      await openPage(page, '/profile');
      await page.getByRole('heading', { name: 'Ada Access' }).waitFor();
      await page.getByText('SushiBud').first().waitFor();
      await page.getByRole('button', { name: '1 Follower', exact: true }).waitFor();
      await check(page, '/profile');

      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
      await check(page, '/profile menu');
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      const signOut = page.getByRole('alertdialog', { name: 'Sign Out?' });
      await signOut.waitFor();
      await check(page, '/profile sign-out dialog');
      await signOut.getByRole('button', { name: 'Cancel' }).click();
      await signOut.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: '1 Follower', exact: true }).click();
      const followers = page.getByRole('dialog', { name: 'Followers' });
      await followers.getByRole('link', { name: /Dan Dumpling/ }).waitFor();
      await check(page, '/profile followers dialog');
      await closeWith(page, followers);
    });

    screens(
      '/profile reviews: the List tab, the add-review sheet with its errors, edit and delete',
      async () => {
        await openPage(page, '/profile');
        await page.getByRole('heading', { name: 'Axe Noodle Bar' }).waitFor();
        await check(page, '/profile List tab');

        await page.getByRole('button', { name: 'Add review' }).click();
        const sheet = page.getByRole('dialog', { name: 'Add Review' });
        await sheet.getByRole('button', { name: 'Submit Review' }).click();
        await sheet.getByText('Rating is required').waitFor();
        await check(page, '/profile add-review sheet with errors');
        await closeWith(page, sheet);

        await page.getByRole('button', { name: 'Edit review of Axe Noodle Bar' }).click();
        const edit = page.getByRole('dialog', { name: 'Edit Review' });
        await edit.waitFor();
        await check(page, '/profile edit-review dialog');
        await closeWith(page, edit);

        await page.getByRole('button', { name: 'Delete review of Axe Noodle Bar' }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Delete review?' });
        await confirm.waitFor();
        await check(page, '/profile delete-review dialog');
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await confirm.waitFor({ state: 'detached' });

        await page.getByRole('tab', { name: 'Saved' }).click();
        await page.getByText('No saved restaurants', { exact: true }).waitFor();
        await check(page, '/profile Saved tab');

        await page.getByRole('tab', { name: 'Map' }).click();
        await page.getByText('Map view unavailable').waitFor({ timeout: 15_000 });
        await check(page, '/profile Map tab fallback');
        await page.getByRole('tab', { name: 'List' }).click();
      },
    );

    screens(
      'a restaurant page signed in and signed out, its add-review sheet, reservation dialog, map fallback and not-found state',
      async () => {
        await openPage(page, `/restaurant/${restaurantId}`);
        await page.getByRole('heading', { name: 'Axe Noodle Bar', level: 1 }).waitFor();
        await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
        await check(page, '/restaurant/{id}');
        await page.getByRole('button', { name: 'Add review' }).click();
        const sheet = page.getByRole('dialog', { name: 'Add Review' });
        await sheet.waitFor();
        await check(page, '/restaurant/{id} add-review sheet');
        await closeWith(page, sheet);

        await page.getByRole('button', { name: 'Make a Reservation' }).click();
        const reservation = page.getByRole('dialog', { name: 'Make a Reservation' });
        await reservation.getByRole('button', { name: /^Tomorrow/ }).click();
        await reservation.getByRole('button', { name: '7:30 PM' }).click();
        await reservation.getByText(/^Table for 2 at Axe Noodle Bar/).waitFor();
        await check(page, '/restaurant/{id} reservation dialog');
        await closeWith(page, reservation);
        await page.getByText('Map view unavailable').waitFor({ timeout: 15_000 });
        await check(page, '/restaurant/{id} map fallback');

        await openPage(anonymous, `/restaurants/${restaurantId}`);
        await anonymous.getByRole('heading', { name: 'Axe Noodle Bar', level: 1 }).waitFor();
        await check(anonymous, '/restaurants/{id} signed out');
        await openPage(anonymous, '/restaurant/999999');
        await anonymous.getByText('Restaurant Not Found').waitFor();
        await check(anonymous, '/restaurant/{id} not found');
      },
    );

    screens("another user's profile, its menu and block dialog, and a private profile", async () => {
      await openPage(page, `/profile/${dan.username}`);
      await page.getByRole('heading', { name: 'Dan Dumpling' }).waitFor();
      await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
      await check(page, "another user's profile");
      await page.getByRole('tab', { name: 'Activity' }).click();
      await page.getByRole('button', { name: 'All (0)' }).waitFor();
      await check(page, "another user's profile Activity tab");

      await page.getByRole('button', { name: 'Profile actions' }).click();
      await page.getByRole('menuitem', { name: 'Block user' }).waitFor();
      await check(page, "another user's profile menu");
      await page.getByRole('menuitem', { name: 'Block user' }).click();
      const block = page.getByRole('alertdialog', { name: 'Block Dan Dumpling?' });
      await block.waitFor();
      await check(page, "another user's profile block dialog");
      await block.getByRole('button', { name: 'Cancel' }).click();
      await block.waitFor({ state: 'detached' });

      await openPage(page, `/profile/${eve.username}`);
      await page.getByRole('heading', { name: 'Eve Espresso' }).waitFor();
      await page.getByText('This account is private.').waitFor();
      await check(page, 'a private profile');
    });

    screens('/settings and every tab of the Security & Privacy dialog', async () => {
      await openPage(page, '/settings');
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      await check(page, '/settings');

      await page.getByRole('button', { name: 'Security & Privacy' }).click();
      const dialog = page.getByRole('dialog', { name: 'Security & Privacy' });
      await dialog.getByRole('form', { name: 'Change password' }).waitFor();
      await check(page, 'Security & Privacy: Password');
      await dialog.getByLabel('New Password', { exact: true }).fill('short');
      await dialog.getByRole('button', { name: 'Update Password' }).click();
      await dialog.getByRole('alert').first().waitFor();
      await check(page, 'Security & Privacy: Password with errors');

      await dialog.getByRole('tab', { name: 'Privacy' }).click();
      await dialog.getByText("You haven't blocked anyone").waitFor();
      await check(page, 'Security & Privacy: Privacy');
      await dialog.getByRole('tab', { name: 'Sessions' }).click();
      await dialog.getByRole('list', { name: 'Active sessions' }).waitFor();
      await check(page, 'Security & Privacy: Sessions');
      await closeWith(page, dialog);
    });

    screens('/social: All Users, Recommended, search results and Requests', async () => {
      await openPage(page, '/social');
      await page
        .getByRole('list', { name: 'All users' })
        .getByRole('link', { name: /Dan Dumpling/ })
        .waitFor();
      await page.getByTestId('requests-badge').waitFor();
      await check(page, '/social All Users');

      await page.getByRole('radio', { name: 'Recommended' }).click();
      await page.getByText('Friend Recommendations').waitFor();
      await page
        .getByRole('list', { name: 'Recommended buds' })
        .or(page.getByText('All caught up!'))
        .waitFor();
      await check(page, '/social Recommended');

      await page.getByRole('searchbox').fill('Espresso');
      await page.getByText('Search Results').waitFor();
      await page
        .getByRole('list', { name: 'Search results' })
        .getByRole('link', { name: /Eve Espresso/ })
        .waitFor();
      await check(page, '/social search results');

      await page.getByRole('tab', { name: /^Requests/ }).click();
      await page
        .getByRole('list', { name: 'Follow requests' })
        .getByRole('listitem')
        .filter({ hasText: `@${eve.username}` })
        .waitFor();
      await check(page, '/social Requests');
    });

    screens('/edit-badges, /terms, /privacy-policy and the 404 page, signed in', async () => {
      await openPage(page, '/edit-badges');
      await page.getByRole('heading', { name: 'Edit Badges' }).waitFor();
      await page.getByRole('group', { name: 'City options' }).waitFor();
      await check(page, '/edit-badges');

      await openPage(page, '/terms');
      await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
      await check(page, '/terms');
      await openPage(page, '/privacy-policy');
      await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
      await check(page, '/privacy-policy');
      await openPage(page, '/no-such-page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await check(page, '404');
    });
  });
});

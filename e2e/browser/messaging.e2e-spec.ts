import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CurrentUserDto, ReviewDto } from '@dinebuds/contracts';
import { eventually } from '@dinebuds/testing';
import { uniqueUsername } from '../support/api-client.js';
import { accessibilityProblem, horizontalOverflowProblem } from '../support/axe.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Message#123';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * Messaging's screens in two browsers against the all-in-one mode (frontend/dist must be built):
 * A messages B from B's profile (full-screen chat), B sees the unread badges and the inbox row,
 * opens the chat and the badges clear; A shares a restaurant, which B's chat shows as a link; axe
 * finds no serious violation on the inbox, /messages, the chat, the modal and the dialogs at
 * desktop and phone sizes; a "Let's eat" poll is proposed and decided; B reports and blocks A.
 */
describe('messaging in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  let userA: CurrentUserDto;
  let userB: CurrentUserDto;
  let restaurantId: number;

  async function register(context: BrowserContext, prefix: string, name: string): Promise<CurrentUserDto> {
    const response = await context.request.post(`${system.baseUrl}/api/register`, {
      data: { username: uniqueUsername(prefix), password: PASSWORD, name },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as CurrentUserDto;
  }

  beforeAll(async () => {
    system = await startAllInOneSystem();
    browser = await launchBrowser();
    // bypassCSP: the app's CSP refuses inline scripts, axe's injected source included.
    const options = { baseURL: system.baseUrl, viewport: PHONE, bypassCSP: true };
    contextA = await browser.newContext(options);
    contextB = await browser.newContext(options);
    userA = await register(contextA, 'amy', 'Amy Appetit');
    userB = await register(contextB, 'ben', 'Ben Bouillon');

    // messaging and social-graph learn users from identity's events: wait for both.
    await eventually(
      async () =>
        (
          await contextA.request.get(`${system.baseUrl}/api/messages/conversation/${userA.id}/${userB.id}`)
        ).status() === 200,
      30_000,
      100,
    );
    await eventually(
      async () => (await fetch(`${system.baseUrl}/api/users/${userB.id}/followers/count`)).status === 200,
      30_000,
      100,
    );
    // A follows B, so B is among the people A can share a restaurant with.
    const follow = await contextA.request.post(`${system.baseUrl}/api/users/${userA.id}/follow/${userB.id}`);
    expect(follow.ok()).toBe(true);
    const review = await contextA.request.post(`${system.baseUrl}/api/reviews`, {
      data: { restaurantName: 'Chez Message', address: '1 Rue du Chat, New York, NY', rating: 5 },
    });
    expect(review.ok()).toBe(true);
    restaurantId = ((await review.json()) as ReviewDto).restaurantId;
    // A saved place, for A's "Let's eat" poll.
    const save = await contextA.request.post(`${system.baseUrl}/api/restaurants/${restaurantId}/toggle-save`);
    expect(save.ok()).toBe(true);

    pageA = await contextA.newPage();
    pageB = await contextB.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  const navBadge = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-badge');

  it("A messages B from B's profile; B sees the badges and the inbox row, opens the chat, the badges clear", async () => {
    await openPage(pageA, `/profile/${userB.username}`);
    await pageA.getByRole('heading', { name: 'Ben Bouillon', exact: true }).waitFor();
    await pageA.getByRole('button', { name: 'Message', exact: true }).click();
    const chatA = pageA.getByRole('dialog', { name: 'Ben Bouillon' });
    await chatA.getByText('No messages yet. Say hello!').waitFor();
    expect(await chatA.getByRole('link', { name: `@${userB.username}` }).getAttribute('href')).toBe(
      `/profile/${userB.username}`,
    );
    const box = chatA.getByRole('textbox', { name: 'Message' });
    await box.fill('Dinner on Friday?');
    await box.press('Enter');
    await chatA.getByRole('log').getByText('Dinner on Friday?').waitFor();
    await expect(box.inputValue()).resolves.toBe('');

    // B: the badge on Find Buds (pushed live), the Messages tab's badge and the bold row.
    const stream = pageB.waitForResponse((response) => response.url().endsWith('/api/messages/stream'));
    await openPage(pageB, '/');
    expect((await stream).status()).toBe(200);
    expect((await stream).headers()['content-type']).toContain('text/event-stream');
    await navBadge(pageB).filter({ hasText: /^1/ }).waitFor({ timeout: 20_000 });
    await pageB
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Find Buds/ })
      .click();
    await pageB.waitForURL('**/social');
    const messagesTab = pageB.getByRole('tab', { name: /^Messages/ });
    await messagesTab.getByTestId('unread-badge').filter({ hasText: /^1/ }).waitFor();
    await messagesTab.click();
    await pageB.getByRole('heading', { name: 'Your Messages' }).waitFor();
    const row = pageB
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /Amy Appetit/ });
    await row.getByText('Dinner on Friday?').waitFor();
    await row.getByTestId('unread-dot').waitFor();

    // Opening the chat (full-screen on a phone) marks A's message read: every badge clears.
    await row.click();
    const chatB = pageB.getByRole('dialog', { name: 'Amy Appetit' });
    await chatB.getByRole('log').getByText('Dinner on Friday?').waitFor();
    await navBadge(pageB).waitFor({ state: 'detached', timeout: 15_000 });
    await messagesTab.getByTestId('unread-badge').waitFor({ state: 'detached' });

    // B answers with Shift+Enter for a second line; A's open chat shows it within its poll.
    const reply = chatB.getByRole('textbox', { name: 'Message' });
    await reply.fill('Yes!');
    await reply.press('Shift+Enter');
    await reply.pressSequentially('Where?');
    await reply.press('Enter');
    await chatB
      .getByRole('log')
      .getByText(/Yes!\s*Where\?/)
      .waitFor();
    await chatA
      .getByRole('log')
      .getByText(/Yes!\s*Where\?/)
      .waitFor({ timeout: 15_000 });
    // A's first message now reads Seen.
    await chatA.getByRole('log').getByText('· Seen').waitFor({ timeout: 15_000 });
    await chatB.getByRole('button', { name: 'Back' }).click();
    await row.getByText(/Yes!/).waitFor();
  }, 120_000);

  it('a restaurant shared from its page reaches B as a link to the restaurant', async () => {
    await openPage(pageA, `/restaurant/${restaurantId}`);
    await pageA.getByRole('heading', { name: 'Chez Message', exact: true }).waitFor();
    await pageA.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Share Restaurant' });
    expect(await dialog.getByRole('textbox', { name: 'Message (optional)' }).inputValue()).toBe(
      "Let's go to Chez Message soon!",
    );
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText('Please select at least one recipient').waitFor();
    await dialog.getByRole('searchbox', { name: 'Search people you follow' }).fill('ben');
    await dialog.getByRole('checkbox', { name: /Ben Bouillon/ }).check();
    await dialog.getByRole('list', { name: 'Selected buds' }).getByText('Ben Bouillon').waitFor();
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await pageA.getByText('Restaurant shared!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // B's inbox underlines the place; the chat links it to the restaurant page.
    await openPage(pageB, '/messages');
    const row = pageB
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /Amy Appetit/ });
    await row.locator('u', { hasText: 'Chez Message' }).waitFor({ timeout: 15_000 });
    await row.click();
    const chat = pageB.getByRole('dialog', { name: 'Amy Appetit' });
    const link = chat.getByRole('log').getByRole('link', { name: 'Chez Message' });
    expect(await link.getAttribute('href')).toBe(`/restaurant/${restaurantId}`);
    await link.click();
    await pageB.waitForURL(`**/restaurant/${restaurantId}`);
    await pageB.getByRole('heading', { name: 'Chez Message', exact: true }).waitFor();
  }, 90_000);

  it('axe finds no serious violation on the messaging screens at desktop and phone sizes', async () => {
    const problems: string[] = [];
    const check = async (page: Page, screen: string, phone: boolean) => {
      const found = [
        await accessibilityProblem(page, screen),
        phone ? await horizontalOverflowProblem(page, screen) : null,
      ];
      problems.push(...found.filter((problem): problem is string => problem !== null));
    };

    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const phone = size === 'phone';
      await pageB.setViewportSize(viewport);
      await pageA.setViewportSize(viewport);

      await openPage(pageB, '/social?tab=messages');
      await pageB.getByRole('list', { name: 'Conversations' }).waitFor();
      await check(pageB, `Social › Messages @ ${size}`, phone);

      await openPage(pageB, '/messages');
      const row = pageB
        .getByRole('list', { name: 'Conversations' })
        .getByRole('button', { name: /Amy Appetit/ });
      await row.waitFor();
      await check(pageB, `/messages @ ${size}`, phone);

      // Phone: the full-screen chat, reported by right-click; desktop: the modal's Report message.
      await row.click();
      const conversation = pageB.getByRole('dialog', { name: 'Amy Appetit' });
      await conversation.getByRole('log').getByText('Dinner on Friday?').waitFor();
      await check(pageB, `${phone ? 'chat' : 'message modal'} @ ${size}`, phone);
      if (phone)
        await conversation.getByRole('log').getByText('Dinner on Friday?').click({ button: 'right' });
      else await conversation.getByRole('button', { name: 'Report message' }).first().click();
      const report = pageB.getByRole('dialog', { name: 'Report message' });
      await report.getByRole('textbox', { name: 'Reason' }).waitFor();
      await check(pageB, `report dialog @ ${size}`, phone);
      await report.getByRole('button', { name: 'Cancel' }).click();
      await report.waitFor({ state: 'detached' });
      await pageB.keyboard.press('Escape');
      await conversation.waitFor({ state: 'detached' });

      await openPage(pageA, `/restaurant/${restaurantId}`);
      await pageA.getByRole('button', { name: 'Share', exact: true }).click();
      const share = pageA.getByRole('dialog', { name: 'Share Restaurant' });
      await share.getByRole('checkbox', { name: /Ben Bouillon/ }).check();
      await check(pageA, `share dialog @ ${size}`, phone);
      await share.getByRole('button', { name: 'Cancel' }).click();
      await share.waitFor({ state: 'detached' });

      await openPage(pageA, '/messages');
      await pageA.getByRole('list', { name: 'Conversations' }).waitFor();
    }

    // Signed out, /messages (login required in spec 2's route table) sends the visitor to /auth.
    const visitor = await browser.newContext({ baseURL: system.baseUrl, viewport: PHONE, bypassCSP: true });
    const anonymous = await visitor.newPage();
    await openPage(anonymous, '/messages');
    await anonymous.waitForURL('**/auth');
    await check(anonymous, '/messages signed out @ phone', true);
    await visitor.close();

    if (problems.length > 0) throw new Error(problems.join('\n\n'));
  }, 150_000);

  it('A proposes "Let\'s eat" from a saved place, B votes, both see the chosen place with its reservation link', async () => {
    await pageA.setViewportSize(PHONE);
    await pageB.setViewportSize(PHONE);
    await openPage(pageA, `/profile/${userB.username}`);
    await pageA.getByRole('button', { name: 'Message', exact: true }).click();
    const chatA = pageA.getByRole('dialog', { name: 'Ben Bouillon' });
    await chatA.getByRole('button', { name: "Let's eat" }).click();
    const propose = pageA.getByRole('dialog', { name: "Let's eat" });
    await propose.getByRole('checkbox', { name: /Chez Message/ }).check();
    await propose.getByRole('button', { name: 'Propose' }).click();
    await pageA.getByText('Poll sent').first().waitFor();
    await chatA.getByText('Waiting for the vote').waitFor();

    await openPage(pageB, '/messages');
    await pageB
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /Amy Appetit/ })
      .click();
    const chatB = pageB.getByRole('dialog', { name: 'Amy Appetit' });
    await chatB.getByRole('button', { name: 'Vote for Chez Message' }).click();
    await chatB.getByText(/Chosen: Chez Message/).waitFor();
    // A's open chat learns the vote too, and the thread announces the place.
    await chatA.getByText(/Chosen: Chez Message/).waitFor({ timeout: 15_000 });
    const reserve = chatB.getByRole('log').getByRole('link', { name: 'Reserve a table' }).last();
    expect(await reserve.getAttribute('href')).toBe(`/restaurant/${restaurantId}?reserve=1`);
    await reserve.click();
    await pageB.getByRole('dialog', { name: 'Make a Reservation' }).waitFor();
  }, 90_000);

  it('B reports a message of A and blocks A; A can no longer message B', async () => {
    await openPage(pageB, '/messages');
    await pageB
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /Amy Appetit/ })
      .click();
    const chatB = pageB.getByRole('dialog', { name: 'Amy Appetit' });
    await chatB.getByRole('log').getByText('Dinner on Friday?').click({ button: 'right' });
    const report = pageB.getByRole('dialog', { name: 'Report message' });
    await report.getByRole('textbox', { name: 'Reason' }).fill('Spam');
    await report.getByRole('button', { name: 'Report', exact: true }).click();
    await pageB.getByText('Thank you for your report. Our team will review it.').waitFor();
    await chatB.getByRole('log').getByText('· Reported').waitFor();

    await chatB.getByRole('button', { name: 'Conversation actions' }).click();
    await pageB.getByRole('menuitem', { name: 'Block user' }).click();
    await pageB.getByRole('alertdialog').getByRole('button', { name: 'Block', exact: true }).click();
    await pageB.getByText('You have blocked Amy Appetit.').waitFor();
    await chatB.waitFor({ state: 'detached' });

    // messaging learns the block from social-graph's event (usually at once).
    await openPage(pageA, `/profile/${userB.username}`);
    await pageA.getByRole('button', { name: 'Message', exact: true }).click();
    const chatA = pageA.getByRole('dialog', { name: 'Ben Bouillon' });
    const box = chatA.getByRole('textbox', { name: 'Message' });
    await eventually(
      async () => {
        await box.fill('Still there?');
        await box.press('Enter');
        const refused = pageA.getByText('You cannot message this user');
        await refused.or(chatA.getByRole('log').getByText('Still there?')).first().waitFor();
        return (await refused.count()) > 0;
      },
      15_000,
      500,
    );
    await pageA.getByText('Error sending message').first().waitFor();
  }, 90_000);
});

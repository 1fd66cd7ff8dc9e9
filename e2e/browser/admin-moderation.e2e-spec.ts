import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CurrentUserDto, MessageDto, ReportedMessageDto, ReviewDto } from '@dinebuds/contracts';
import { eventually } from '@dinebuds/testing';
import { uniqueUsername } from '../support/api-client.js';
import { accessibilityProblem } from '../support/axe.js';
import {
  VIEWPORTS,
  appContext,
  launchBrowser,
  register,
  signIn,
  openPage,
  reloadPage,
} from '../support/browser.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Moderate#123';
const ADMIN_USERNAME = uniqueUsername('chief');
const ADMIN_PASSWORD = 'Admin#Secret1';

/**
 * The admin's moderation screens and a person's side of them, in a browser against the all-in-one
 * mode (frontend/dist must be built), everything seeded through the real API: an admin resolves
 * feedback, views the conversation around a message a person reported and dismisses the report,
 * resolves a report about a review; its author appeals from Moderation decisions and sees the
 * outcome once the admin overturns it. axe finds no serious violation on /admin (every tab),
 * /feedback and /moderation at desktop and phone sizes.
 */
describe('admin moderation in the browser', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let browser: Browser;
  let adminContext: BrowserContext;
  let annContext: BrowserContext;
  let bobContext: BrowserContext;
  let admin: Page;
  let ann: CurrentUserDto;
  let bob: CurrentUserDto;
  let reported: MessageDto;

  async function send<T>(ctx: BrowserContext, method: 'get' | 'post', path: string, data?: unknown) {
    const response = await ctx.request[method](
      `${system.baseUrl}${path}`,
      data === undefined ? {} : { data },
    );
    return { status: response.status(), body: (await response.json().catch(() => null)) as T };
  }
  async function post<T>(ctx: BrowserContext, path: string, data?: unknown): Promise<T> {
    const { status, body } = await send<T>(ctx, 'post', path, data);
    expect(status).toBeLessThan(300);
    return body;
  }

  beforeAll(async () => {
    system = await startAllInOneSystem({ env: { ADMIN_USERNAME, ADMIN_PASSWORD } });
    browser = await launchBrowser();
    adminContext = await appContext(browser, system.baseUrl);
    annContext = await appContext(browser, system.baseUrl);
    bobContext = await appContext(browser, system.baseUrl);
    await signIn(adminContext, ADMIN_USERNAME, ADMIN_PASSWORD);
    const person = (ctx: BrowserContext, prefix: string, name: string) =>
      register(ctx, { username: uniqueUsername(prefix), password: PASSWORD, name });
    ann = await person(annContext, 'ann', 'Ann Anchovy');
    bob = await person(bobContext, 'bob', 'Bob Brisket');

    // Feedback from Ann, for the admin to resolve.
    await post(annContext, '/api/feedback', { type: 'bug', text: 'The map forgets my city' });
    // A message Bob reports (a real report through messaging), between two that are not.
    await eventually(
      async () =>
        (await send(annContext, 'post', '/api/messages/send', { receiverId: bob.id, content: 'Hi Bob!' }))
          .status === 201,
      30_000,
      200,
    );
    reported = await post<MessageDto>(annContext, '/api/messages/send', {
      receiverId: bob.id,
      content: 'Buy cheap followers at spam.example',
    });
    await post(bobContext, '/api/messages/send', { receiverId: ann.id, content: 'No thanks, Ann.' });
    await post(bobContext, `/api/messages/report/${reported.id}`, { reason: 'Spam' });
    // Ann's review, which Bob reports once moderation knows it.
    const review = await post<ReviewDto>(annContext, '/api/reviews', {
      restaurantName: 'Moderation Diner',
      address: '5 Main St, Boston, MA',
      rating: 1,
      notes: 'Awful, never again',
    });
    await eventually(
      async () =>
        (
          await send(bobContext, 'post', '/api/reports', {
            type: 'review',
            contentId: review.id,
            reason: 'Rude',
          })
        ).status === 201,
      30_000,
      200,
    );
    await eventually(
      async () =>
        (await send<ReportedMessageDto[]>(adminContext, 'get', '/api/admin/messages/reported')).body
          .length === 1,
      30_000,
      200,
    );
    admin = await adminContext.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopAllInOneSystem(system);
  });

  it('an admin marks feedback resolved on /feedback', async () => {
    await openPage(admin, '/feedback');
    await admin.getByRole('tab', { name: 'All (1)' }).waitFor();
    await admin.getByRole('tab', { name: 'Bugs (1)' }).click();
    const card = admin.getByRole('listitem', { name: /Feedback #/ });
    await card.getByText('The map forgets my city').waitFor();
    await card.getByRole('button', { name: 'Mark as Resolved' }).click();
    await admin.getByText('Feedback resolved').waitFor();
    await card.getByText('Resolved', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Mark as Resolved' }).count()).toBe(0);
  });

  it('an admin views the conversation around a reported message, then dismisses the report', async () => {
    await openPage(admin, '/admin?tab=messages');
    const row = admin.getByRole('row').filter({ hasText: 'Buy cheap followers' });
    await row.getByRole('button', { name: 'View Conversation' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Conversation' });
    const messages = dialog.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await messages.first().waitFor();
    expect(await messages.allInnerTexts()).toEqual([
      expect.stringContaining('Hi Bob!'),
      expect.stringContaining('Buy cheap followers at spam.example'),
      expect.stringContaining('No thanks, Ann.'),
    ]);
    expect(await dialog.locator('[aria-current="true"]').innerText()).toContain('Reported');
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Dismiss Report' }).click();
    await admin
      .getByRole('dialog', { name: 'Dismiss this report?' })
      .getByRole('button', { name: 'Dismiss Report' })
      .click();
    await admin.getByText('Report dismissed').waitFor();
    await admin.getByText('No reported messages').waitFor();
    // Messaging was told: Bob sees the message as not reported any more.
    await eventually(
      async () => {
        const thread = await send<MessageDto[]>(
          bobContext,
          'get',
          `/api/messages/conversation/${bob.id}/${ann.id}`,
        );
        return thread.body.find((m) => m.id === reported.id)?.reported === false;
      },
      20_000,
      200,
    );
  });

  it("a person appeals an admin's decision about their review and sees the outcome", async () => {
    await openPage(admin, '/admin?tab=reports');
    const report = admin.getByRole('listitem', { name: /Report #/ }).filter({ hasText: 'Rude' });
    await report.getByRole('button', { name: 'Resolve' }).click();
    const resolve = admin.getByRole('dialog', { name: 'Resolve this report?' });
    await resolve.getByLabel('Note (optional)').fill('Insulting the staff');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await admin.getByText('Report resolved').waitFor();

    const annPage = await annContext.newPage();
    await openPage(annPage, '/profile');
    await annPage.getByRole('button', { name: 'Profile menu' }).click();
    await annPage.getByRole('menuitem', { name: 'Moderation Decisions' }).click();
    await annPage.waitForURL('**/moderation');
    const decision = annPage.getByRole('listitem', { name: 'A report about your review was upheld' });
    await decision.getByText('Insulting the staff').waitFor();
    await decision.getByRole('button', { name: 'Appeal' }).click();
    const appeal = annPage.getByRole('dialog', { name: 'Appeal this decision' });
    await appeal.getByLabel('Why should it change?').fill('It is my honest experience of the place.');
    await appeal.getByRole('button', { name: 'Send appeal' }).click();
    await annPage.getByText('Appeal sent').waitFor();
    await decision.getByText('Your appeal is waiting for an admin.').waitFor();
    expect(await decision.getByRole('button', { name: 'Appeal' }).count()).toBe(0);

    await reloadPage(admin);
    const appeals = admin.getByRole('region', { name: 'Appeals (1)' });
    const card = appeals.getByRole('listitem', { name: /Appeal #/ });
    await card.getByText('It is my honest experience of the place.').waitFor();
    await card.getByRole('button', { name: 'Overturn' }).click();
    await admin
      .getByRole('dialog', { name: 'Overturn this decision?' })
      .getByRole('button', { name: 'Overturn' })
      .click();
    await admin.getByText('Appeal overturned').waitFor();
    await appeals.waitFor({ state: 'detached' });

    await reloadPage(annPage);
    await decision.getByText('Appeal overturned: the decision was reversed.').waitFor();
    await annPage.close();
  });

  it('axe finds no serious violation on /admin (every tab), /feedback and /moderation, desktop and phone', async () => {
    const problems: string[] = [];
    for (const { name, viewport } of VIEWPORTS) {
      await admin.setViewportSize(viewport);
      // Each tab with its data loaded (the report counts, the emptied queue, the log's entries).
      const loaded = {
        reports: admin.getByRole('tab', { name: /^All \(\d+\)$/ }),
        messages: admin.getByText('No reported messages'),
        activity: admin.getByText(/resolved feedback/).first(),
      };
      for (const tab of ['reports', 'messages', 'activity'] as const) {
        await openPage(admin, `/admin?tab=${tab}`);
        await loaded[tab].waitFor();
        const problem = await accessibilityProblem(admin, `admin ${tab} tab (${name})`);
        if (problem) problems.push(problem);
      }
      await openPage(admin, '/feedback');
      await admin.getByRole('tab', { name: 'All (1)' }).waitFor();
      const feedback = await accessibilityProblem(admin, `feedback (${name})`);
      if (feedback) problems.push(feedback);
      await openPage(admin, '/moderation');
      await admin.getByRole('heading', { name: 'Moderation decisions' }).waitFor();
      await admin.getByText('No moderation decisions').waitFor();
      const decisions = await accessibilityProblem(admin, `moderation decisions (${name})`);
      if (decisions) problems.push(decisions);
    }
    expect(problems).toEqual([]);
  });
});

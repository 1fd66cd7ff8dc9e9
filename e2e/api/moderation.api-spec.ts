import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  MODERATION_MESSAGES as M,
  type AdminAppealDto,
  type AppealDto,
  type ModerationDecisionDto,
  type AuditEntryDto,
  type ContentReportDto,
  type CurrentUserDto,
  type FeedbackDto,
  type FeedbackPageDto,
  type MessageContextDto,
  type MessageDto,
  type ReportListDto,
  type ReportedMessageDto,
  type ReviewDto,
} from '@dinebuds/contracts';
import { createEnvelope } from '@dinebuds/events';
import { createTestDatabase, eventually, query, type TestDatabase } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { DocumentedCalls, expectError } from '../support/api-system.js';
import { removeDataDir, startAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Secret#123';
const ADMIN_USERNAME = uniqueUsername('boss');
const ADMIN_PASSWORD = 'Admin#Secret1';

interface Person {
  id: number;
  username: string;
  name: string;
  client: ApiClient;
}

/**
 * The moderation API (docs/api-moderation.md) through the gateway, on the all-in-one system over a
 * fresh database (dropped after): feedback, content reports, the reported-message queue fed by
 * messaging's event, and the audit log. Every admin route as an admin (identity's isAdmin, from
 * ADMIN_USERNAME), as a signed-in person (403) and anonymous (401); bad input to every route is a
 * 4xx with a sentence and stores nothing; every answer's status is one the OpenAPI document lists.
 */
describe('moderation API through the gateway (all-in-one)', () => {
  let database: TestDatabase;
  let baseUrl: string;
  let stop: () => Promise<void>;
  let anonymous: ApiClient;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let cat: Person;
  let bobsReview: ReviewDto;

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    query<T>(database.url, text, params);
  const count = async (table: string) =>
    Number((await sql<{ n: string }>(`SELECT COUNT(*) AS n FROM moderation.${table}`))[0].n);

  const routes = new DocumentedCalls();
  const call = routes.call.bind(routes);

  async function known(id: number): Promise<void> {
    await eventually(
      async () => (await sql('SELECT 1 FROM moderation.users WHERE id = $1', [id])).length === 1,
      20_000,
    );
  }

  async function person(prefix: string): Promise<Person> {
    const client = new ApiClient(baseUrl);
    const username = uniqueUsername(prefix);
    const name = `${prefix} tester`;
    const res = await client.post<CurrentUserDto>('/api/register', { username, password: PASSWORD, name });
    expect(res.status).toBe(201);
    await known(res.body.id);
    return { id: res.body.id, username, name, client };
  }

  beforeAll(async () => {
    database = await createTestDatabase('api_moderation');
    const system = await startAllInOneSystem({
      databaseUrl: database.url,
      env: { ADMIN_USERNAME, ADMIN_PASSWORD },
    });
    baseUrl = system.baseUrl;
    stop = async () => {
      await system.stop();
      removeDataDir(system.dataDir);
      await database.drop();
    };
    anonymous = new ApiClient(baseUrl);
    const adminClient = new ApiClient(baseUrl);
    const login = await adminClient.post<CurrentUserDto>('/api/login', {
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body.isAdmin).toBe(true);
    await known(login.body.id);
    admin = { id: login.body.id, username: ADMIN_USERNAME, name: login.body.name, client: adminClient };
    ann = await person('ann');
    bob = await person('bob');
    cat = await person('cat');
    const review = await bob.client.post<ReviewDto>('/api/reviews', {
      restaurantName: 'Moderated Diner',
      address: '1 Main St, Boston, MA',
      rating: 2,
      notes: 'Cold soup',
    });
    expect(review.status).toBe(201);
    bobsReview = review.body;
    await eventually(
      async () => (await sql('SELECT 1 FROM moderation.reviews WHERE id = $1', [bobsReview.id])).length === 1,
      20_000,
    );
  }, 180_000);

  afterAll(async () => {
    await stop?.();
  });

  /** Every admin route, with the params and body an admin would send. */
  const ADMIN_ROUTES: [string, string, Record<string, number>, unknown][] = [
    ['GET', '/api/feedback', {}, undefined],
    ['PUT', '/api/feedback/{id}/resolve', { id: 1 }, { reason: 'done' }],
    ['GET', '/api/admin/reports', {}, undefined],
    ['POST', '/api/admin/reports/{id}/resolve', { id: 1 }, { reason: 'done' }],
    ['POST', '/api/admin/reports/{id}/dismiss', { id: 1 }, undefined],
    ['GET', '/api/admin/messages/reported', {}, undefined],
    ['POST', '/api/admin/messages/{id}/dismiss', { id: 1 }, undefined],
    ['GET', '/api/admin/audit-log', {}, undefined],
    ['POST', '/api/admin/appeals/{id}/decide', { id: 1 }, { outcome: 'upheld' }],
    ['GET', '/api/admin/appeals', {}, undefined],
    ['GET', '/api/admin/messages/{id}/conversation', { id: 1 }, undefined],
  ];

  describe('who may call', () => {
    it('answers 401 to anonymous callers on every route', async () => {
      const routes: [string, string, Record<string, number>, unknown][] = [
        ...ADMIN_ROUTES,
        ['POST', '/api/feedback', {}, { type: 'bug', text: 'x' }],
        ['POST', '/api/reports', {}, { type: 'user', contentId: 1, reason: 'x' }],
        ['GET', '/api/moderation/decisions', {}, undefined],
        ['POST', '/api/moderation/decisions/{reportId}/appeal', { reportId: 1 }, { text: 'x' }],
        ['POST', '/api/moderation/actions/{auditEntryId}/appeal', { auditEntryId: 1 }, { text: 'x' }],
      ];
      for (const [method, template, params, body] of routes) {
        const res = await call(anonymous, method, template, params, body);
        expect({ route: `${method} ${template}`, status: res.status }).toEqual({
          route: `${method} ${template}`,
          status: 401,
        });
      }
      expect(await count('feedback')).toBe(0);
      expect(await count('content_reports')).toBe(0);
    });

    it('answers 403 to a signed-in person who is not an admin on every admin route, and records nothing', async () => {
      for (const [method, template, params, body] of ADMIN_ROUTES) {
        const res = await call(ann.client, method, template, params, body);
        expect({ route: `${method} ${template}`, status: res.status }).toEqual({
          route: `${method} ${template}`,
          status: 403,
        });
        expectError(res, 403, M.adminsOnly);
      }
      expect(await count('audit_log')).toBe(0);
    });
  });

  describe('feedback', () => {
    it('round trip: a person sends it, an admin lists, filters and resolves it, the audit log says so', async () => {
      const sent = await call<FeedbackDto>(
        ann.client,
        'POST',
        '/api/feedback',
        {},
        {
          type: 'Suggestion',
          text: '  Please add dark mode  ',
        },
      );
      expect(sent.status).toBe(201);
      expect(sent.body).toEqual({
        id: expect.any(Number),
        type: 'suggestion',
        text: 'Please add dark mode',
        createdAt: expect.any(String),
        resolved: false,
        resolvedAt: null,
        userId: ann.id,
        user: { id: ann.id, username: ann.username, name: ann.name, profilePicture: null },
      });
      const bug = await call<FeedbackDto>(
        bob.client,
        'POST',
        '/api/feedback',
        {},
        { type: 'bug', text: 'Map is slow' },
      );
      expect(bug.status).toBe(201);

      const all = await call<FeedbackPageDto>(admin.client, 'GET', '/api/feedback');
      expect(all.status).toBe(200);
      expect(all.body.feedback.map((f) => f.id)).toEqual([bug.body.id, sent.body.id]);
      expect(all.body.total).toBe(2);
      expect(all.body.counts).toEqual({ all: 2, suggestion: 1, bug: 1, compliment: 0, other: 0 });
      const bugs = await call<FeedbackPageDto>(admin.client, 'GET', '/api/feedback', {}, undefined, {
        search: '?type=bug',
      });
      expect(bugs.body.feedback.map((f) => f.id)).toEqual([bug.body.id]);
      expect(bugs.body.total).toBe(1);
      // The tab counts are of every type whatever the type filter.
      expect(bugs.body.counts.all).toBe(2);
      const second = await call<FeedbackPageDto>(admin.client, 'GET', '/api/feedback', {}, undefined, {
        search: '?limit=1&offset=1',
      });
      expect(second.body).toMatchObject({ feedback: [{ id: sent.body.id }], total: 2 });

      const resolved = await call<FeedbackDto>(admin.client, 'PUT', '/api/feedback/{id}/resolve', {
        id: sent.body.id,
      });
      expect(resolved.status).toBe(200);
      expect(resolved.body).toMatchObject({
        id: sent.body.id,
        resolved: true,
        resolvedAt: expect.any(String),
      });
      const again = await call(admin.client, 'PUT', '/api/feedback/{id}/resolve', { id: sent.body.id });
      expectError(again, 409, M.feedbackAlreadyResolved);
      expectError(
        await call(admin.client, 'PUT', '/api/feedback/{id}/resolve', { id: 999_999 }),
        404,
        M.feedbackNotFound,
      );

      const pending = await call<FeedbackPageDto>(admin.client, 'GET', '/api/feedback', {}, undefined, {
        search: '?status=pending',
      });
      expect(pending.body.feedback.map((f) => f.id)).toEqual([bug.body.id]);
      expect(pending.body.counts).toEqual({ all: 1, suggestion: 0, bug: 1, compliment: 0, other: 0 });

      const withReason = await call<FeedbackDto>(
        admin.client,
        'PUT',
        '/api/feedback/{id}/resolve',
        { id: bug.body.id },
        { reason: ' Fixed in 2.1 ' },
      );
      expect(withReason.status).toBe(200);
      const log = await call<AuditEntryDto[]>(admin.client, 'GET', '/api/admin/audit-log');
      expect(log.status).toBe(200);
      expect(log.body.slice(0, 2)).toEqual([
        expect.objectContaining({
          action: 'feedback.resolved',
          actorId: admin.id,
          actor: expect.objectContaining({ id: admin.id, username: ADMIN_USERNAME }),
          targetType: 'feedback',
          targetId: bug.body.id,
          subjectUserId: bob.id,
          subjectUser: expect.objectContaining({ username: bob.username }),
          reason: 'Fixed in 2.1',
        }),
        expect.objectContaining({
          action: 'feedback.resolved',
          targetId: sent.body.id,
          subjectUserId: ann.id,
          reason: null,
        }),
      ]);
    });

    it('refuses bad feedback with a sentence and stores nothing', async () => {
      const before = await count('feedback');
      const cases: [unknown, string][] = [
        [{ text: 'x' }, M.feedbackTypeRequired],
        [{ type: 'rant', text: 'x' }, M.feedbackTypeRequired],
        [{ type: 'x'.repeat(21), text: 'x' }, M.feedbackTypeTooLong],
        [{ type: 7, text: 'x' }, M.feedbackTypeRequired],
        [{ type: 'bug' }, M.feedbackEmpty],
        [{ type: 'bug', text: '   ' }, M.feedbackEmpty],
        [{ type: 'bug', text: 'x'.repeat(2001) }, M.feedbackTooLong],
        [{ type: 'bug', text: ['x'] }, M.feedbackEmpty],
      ];
      for (const [body, message] of cases) {
        expectError(await call(ann.client, 'POST', '/api/feedback', {}, body), 400, message);
      }
      expectError(await call(ann.client, 'POST', '/api/feedback', {}, [{ type: 'bug', text: 'x' }]), 400);
      expectError(
        await call(ann.client, 'POST', '/api/feedback', {}, { type: 'bug', text: 'x', userId: 1 }),
        400,
      );
      expect(await count('feedback')).toBe(before);
    });

    it('refuses bad filters, ids and reasons of the admin routes', async () => {
      const auditBefore = await count('audit_log');
      expectError(
        await call(admin.client, 'GET', '/api/feedback', {}, undefined, { search: '?type=rant' }),
        400,
        M.feedbackTypeFilter,
      );
      expectError(
        await call(admin.client, 'GET', '/api/feedback', {}, undefined, { search: '?status=open' }),
        400,
        M.feedbackStatusFilter,
      );
      expectError(
        await call(admin.client, 'GET', '/api/feedback', {}, undefined, { search: '?offset=-1' }),
        400,
        'offset must be a non-negative integer',
      );
      expectError(await call(admin.client, 'PUT', '/api/feedback/{id}/resolve', { id: 'abc' } as never), 400);
      expectError(await call(admin.client, 'PUT', '/api/feedback/{id}/resolve', { id: 0 }), 400);
      expectError(
        await call(admin.client, 'PUT', '/api/feedback/{id}/resolve', { id: 1 }, { reason: 'x'.repeat(501) }),
        400,
        M.decisionReasonTooLong,
      );
      expect(await count('audit_log')).toBe(auditBefore);
    });
  });

  describe('content reports', () => {
    let reviewReport: ContentReportDto;
    let userReport: ContentReportDto;
    let catsReport: ContentReportDto;

    it('any signed-in person reports a review or a person once, with a reason', async () => {
      const review = await call<ContentReportDto>(
        ann.client,
        'POST',
        '/api/reports',
        {},
        {
          type: 'review',
          contentId: bobsReview.id,
          reason: ' Rude words ',
        },
      );
      expect(review.status).toBe(201);
      reviewReport = review.body;
      expect(reviewReport).toEqual({
        id: expect.any(Number),
        type: 'review',
        contentId: bobsReview.id,
        contentOwnerId: bob.id,
        content: `A 2-star review of restaurant #${bobsReview.restaurantId}`,
        reason: 'Rude words',
        status: 'pending',
        createdAt: expect.any(String),
        reportedBy: { id: ann.id, username: ann.username, name: ann.name, profilePicture: null },
        reporterId: ann.id,
        decidedAt: null,
        decidedById: null,
        decisionReason: null,
        appeal: null,
      });
      const user = await call<ContentReportDto>(
        ann.client,
        'POST',
        '/api/reports',
        {},
        {
          type: 'user',
          contentId: bob.id,
          reason: 'Spam account',
        },
      );
      expect(user.status).toBe(201);
      userReport = user.body;
      expect(userReport).toMatchObject({
        type: 'user',
        contentOwnerId: bob.id,
        content: `${bob.name} (@${bob.username})`,
      });
      const cats = await call<ContentReportDto>(
        cat.client,
        'POST',
        '/api/reports',
        {},
        {
          type: 'user',
          contentId: bob.id,
          reason: 'Same spam',
        },
      );
      expect(cats.status).toBe(201);
      catsReport = cats.body;
    });

    it('refuses bad reports with a sentence and stores nothing', async () => {
      const before = await count('content_reports');
      const cases: [ApiClient, unknown, number, string?][] = [
        [ann.client, { type: 'review', contentId: bobsReview.id, reason: 'again' }, 409, M.reportDuplicate],
        [bob.client, { type: 'review', contentId: bobsReview.id, reason: 'mine' }, 400, M.reportOwnReview],
        [bob.client, { type: 'user', contentId: bob.id, reason: 'me' }, 400, M.reportYourself],
        [ann.client, { type: 'review', contentId: 999_999, reason: 'x' }, 404, M.reviewNotFound],
        [ann.client, { type: 'user', contentId: 999_999, reason: 'x' }, 404, M.userNotFound],
        [ann.client, { type: 'user', contentId: cat.id }, 400, M.reportReasonRequired],
        [ann.client, { type: 'user', contentId: cat.id, reason: '  ' }, 400, M.reportReasonRequired],
        [
          ann.client,
          { type: 'user', contentId: cat.id, reason: 'x'.repeat(501) },
          400,
          M.reportReasonTooLong,
        ],
        [ann.client, { type: 'badge', contentId: cat.id, reason: 'x' }, 400, M.reportTypeRequired],
        [ann.client, { contentId: cat.id, reason: 'x' }, 400, M.reportTypeRequired],
        [
          ann.client,
          { type: 'user', contentId: -3, reason: 'x' },
          400,
          'contentId must be a positive integer',
        ],
        [
          ann.client,
          { type: 'user', contentId: '7', reason: 'x' },
          400,
          'contentId must be a positive integer',
        ],
        [ann.client, { type: 'user', reason: 'x' }, 400, 'contentId is required'],
      ];
      for (const [client, body, status, message] of cases) {
        expectError(await call(client, 'POST', '/api/reports', {}, body), status, message);
      }
      expect(await count('content_reports')).toBe(before);
    });

    it('admins list them with the count of every tab, resolve and dismiss a pending one once', async () => {
      const list = await call<ReportListDto>(admin.client, 'GET', '/api/admin/reports');
      expect(list.status).toBe(200);
      expect(list.body.counts).toEqual({ all: 3, pending: 3, resolved: 0, dismissed: 0 });
      expect(list.body.reports.map((r) => r.id)).toEqual([catsReport.id, userReport.id, reviewReport.id]);

      const resolved = await call<ContentReportDto>(
        admin.client,
        'POST',
        '/api/admin/reports/{id}/resolve',
        { id: reviewReport.id },
        { reason: 'Review removed' },
      );
      expect(resolved.status).toBe(200);
      expect(resolved.body).toMatchObject({
        id: reviewReport.id,
        status: 'resolved',
        decidedById: admin.id,
        decisionReason: 'Review removed',
        decidedAt: expect.any(String),
      });
      const dismissed = await call<ContentReportDto>(
        admin.client,
        'POST',
        '/api/admin/reports/{id}/dismiss',
        {
          id: catsReport.id,
        },
      );
      expect(dismissed.status).toBe(200);
      expect(dismissed.body).toMatchObject({ status: 'dismissed', decisionReason: null });

      expectError(
        await call(admin.client, 'POST', '/api/admin/reports/{id}/dismiss', { id: reviewReport.id }),
        409,
        M.reportNotPending,
      );
      expectError(
        await call(admin.client, 'POST', '/api/admin/reports/{id}/resolve', { id: catsReport.id }),
        409,
        M.reportNotPending,
      );
      expectError(
        await call(admin.client, 'POST', '/api/admin/reports/{id}/resolve', { id: 999_999 }),
        404,
        M.reportNotFound,
      );
      expectError(await call(admin.client, 'POST', '/api/admin/reports/{id}/resolve', { id: 0 }), 400);
      expectError(
        await call(
          admin.client,
          'POST',
          '/api/admin/reports/{id}/dismiss',
          { id: userReport.id },
          { reason: 5 },
        ),
        400,
      );
      expectError(
        await call(admin.client, 'GET', '/api/admin/reports', {}, undefined, { search: '?status=open' }),
        400,
        M.reportStatusFilter,
      );

      const pending = await call<ReportListDto>(admin.client, 'GET', '/api/admin/reports', {}, undefined, {
        search: '?status=pending',
      });
      expect(pending.body.reports.map((r) => r.id)).toEqual([userReport.id]);
      expect(pending.body.counts).toEqual({ all: 3, pending: 1, resolved: 1, dismissed: 1 });

      const events = await sql<{ type: string; payload: { data: { reportId: number; status: string } } }>(
        `SELECT type, payload FROM moderation.outbox WHERE type LIKE 'moderation.report.%' ORDER BY seq`,
      );
      expect(events.map((e) => [e.type, e.payload.data.reportId])).toEqual([
        ['moderation.report.resolved', reviewReport.id],
        ['moderation.report.dismissed', catsReport.id],
      ]);

      const log = await call<AuditEntryDto[]>(admin.client, 'GET', '/api/admin/audit-log', {}, undefined, {
        search: '?limit=2',
      });
      expect(log.body.map((e) => [e.action, e.targetId, e.subjectUserId, e.reason])).toEqual([
        ['report.dismissed', catsReport.id, bob.id, null],
        ['report.resolved', reviewReport.id, bob.id, 'Review removed'],
      ]);
    });
  });

  describe('reported messages', () => {
    it("messaging's report reaches the queue; an admin dismisses it once and the audit log says so", async () => {
      const before = await ann.client.post<MessageDto>('/api/messages/send', {
        receiverId: bob.id,
        content: 'Hi Bob',
      });
      expect(before.status).toBe(201);
      const sent = await ann.client.post<MessageDto>('/api/messages/send', {
        receiverId: bob.id,
        content: 'Buy followers at spam.example',
      });
      expect(sent.status).toBe(201);
      const after = await bob.client.post<MessageDto>('/api/messages/send', {
        receiverId: ann.id,
        content: 'No thanks',
      });
      expect(after.status).toBe(201);
      expect((await bob.client.post(`/api/messages/report/${sent.body.id}`, { reason: 'Spam' })).status).toBe(
        200,
      );
      await eventually(
        async () =>
          (await sql('SELECT 1 FROM moderation.reported_messages WHERE message_id = $1', [sent.body.id]))
            .length === 1,
        20_000,
      );

      const list = await call<ReportedMessageDto[]>(admin.client, 'GET', '/api/admin/messages/reported');
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        {
          id: sent.body.id,
          content: 'Buy followers at spam.example',
          messageType: 'text',
          reportReason: 'Spam',
          createdAt: sent.body.createdAt,
          reportedAt: expect.any(String),
          senderId: ann.id,
          receiverId: bob.id,
          sender: { id: ann.id, username: ann.username, name: ann.name, profilePicture: null },
          receiver: { id: bob.id, username: bob.username, name: bob.name, profilePicture: null },
        },
      ]);

      // View Conversation: the real messages around the reported one, oldest first, its report shown.
      const context = await call<MessageContextDto>(
        admin.client,
        'GET',
        '/api/admin/messages/{id}/conversation',
        {
          id: sent.body.id,
        },
      );
      expect(context.status).toBe(200);
      expect(context.body).toMatchObject({ messageId: sent.body.id, senderId: ann.id, receiverId: bob.id });
      expect(context.body.messages.map((m) => [m.id, m.content, m.reported])).toEqual([
        [before.body.id, 'Hi Bob', false],
        [sent.body.id, 'Buy followers at spam.example', true],
        [after.body.id, 'No thanks', false],
      ]);
      expectError(
        await call(admin.client, 'GET', '/api/admin/messages/{id}/conversation', { id: 999_999 }),
        404,
        'Message not found',
      );
      expectError(
        await call(admin.client, 'GET', '/api/admin/messages/{id}/conversation', { id: 'x' } as never),
        400,
      );

      const dismissed = await call(
        admin.client,
        'POST',
        '/api/admin/messages/{id}/dismiss',
        { id: sent.body.id },
        {
          reason: 'Not spam',
        },
      );
      expect(dismissed.status).toBe(200);
      expect(dismissed.body).toEqual({ message: M.reportDismissed });
      // Messaging is told (moderation.message-report.dismissed): the message reads as not reported.
      await eventually(
        async () =>
          (await sql('SELECT 1 FROM messaging.messages WHERE id = $1 AND NOT reported', [sent.body.id]))
            .length === 1,
        20_000,
      );
      expectError(
        await call(admin.client, 'POST', '/api/admin/messages/{id}/dismiss', { id: sent.body.id }),
        409,
        M.reportedMessageDismissed,
      );
      expectError(
        await call(admin.client, 'POST', '/api/admin/messages/{id}/dismiss', { id: 999_999 }),
        404,
        M.reportedMessageNotFound,
      );
      expectError(
        await call(admin.client, 'POST', '/api/admin/messages/{id}/dismiss', { id: 'x' } as never),
        400,
      );
      expectError(
        await call(admin.client, 'GET', '/api/admin/messages/reported', {}, undefined, {
          search: '?limit=zero',
        }),
        400,
      );
      expect(
        (await call<ReportedMessageDto[]>(admin.client, 'GET', '/api/admin/messages/reported')).body,
      ).toEqual([]);

      const log = await call<AuditEntryDto[]>(admin.client, 'GET', '/api/admin/audit-log', {}, undefined, {
        search: '?limit=1',
      });
      expect(log.body).toEqual([
        {
          id: expect.any(Number),
          action: 'reported-message.dismissed',
          actorId: admin.id,
          actor: expect.objectContaining({ id: admin.id }),
          targetType: 'message',
          targetId: sent.body.id,
          subjectUserId: ann.id,
          subjectUser: expect.objectContaining({ id: ann.id, username: ann.username }),
          reason: 'Not spam',
          createdAt: expect.any(String),
        },
      ]);
    });
  });

  describe('appeals', () => {
    let reportId: number;
    let appeal: AppealDto;

    it('the owner of content found against them sees it with the reason and appeals once', async () => {
      const mine = await call<ModerationDecisionDto[]>(bob.client, 'GET', '/api/moderation/decisions');
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual([
        {
          reportId: expect.any(Number),
          auditEntryId: null,
          action: 'report.resolved',
          type: 'review',
          contentId: bobsReview.id,
          content: `A 2-star review of restaurant #${bobsReview.restaurantId}`,
          reportReason: 'Rude words',
          decisionReason: 'Review removed',
          decidedAt: expect.any(String),
          appeal: null,
        },
      ]);
      reportId = mine.body[0].reportId as number;
      expect(
        (await call<ModerationDecisionDto[]>(ann.client, 'GET', '/api/moderation/decisions')).body,
      ).toEqual([]);

      const before = await count('appeals');
      const appealOf = (who: Person, body: unknown, id = reportId) =>
        call(who.client, 'POST', '/api/moderation/decisions/{reportId}/appeal', { reportId: id }, body);
      expectError(await appealOf(ann, { text: 'Not mine but still' }), 404, M.decisionNotFound);
      expectError(await appealOf(bob, { text: '   ' }), 400, M.appealEmpty);
      expectError(await appealOf(bob, {}), 400, M.appealEmpty);
      expectError(await appealOf(bob, { text: 'x'.repeat(501) }), 400, M.appealTooLong);
      expectError(await appealOf(bob, { text: 'x' }, 999_999), 404, M.decisionNotFound);
      expect(await count('appeals')).toBe(before);

      const made = await appealOf(bob, { text: ' It was my honest experience. ' });
      expect(made.status).toBe(201);
      appeal = made.body as AppealDto;
      expect(appeal).toEqual({
        id: expect.any(Number),
        reportId,
        auditEntryId: null,
        userId: bob.id,
        text: 'It was my honest experience.',
        status: 'pending',
        createdAt: expect.any(String),
        decidedAt: null,
        decisionReason: null,
      });
      expectError(await appealOf(bob, { text: 'Again' }), 409, M.appealOnce);
    });

    it('the appeal reaches the reports list; an admin decides it once and the person sees the outcome', async () => {
      const list = await call<ReportListDto>(admin.client, 'GET', '/api/admin/reports', {}, undefined, {
        search: '?status=resolved',
      });
      expect(list.body.reports.find((r) => r.id === reportId)?.appeal).toEqual(appeal);

      const decide = (who: ApiClient, body: unknown, id = appeal.id) =>
        call<AppealDto>(who, 'POST', '/api/admin/appeals/{id}/decide', { id }, body);
      expectError(await decide(bob.client, { outcome: 'overturned' }), 403, M.adminsOnly);
      expectError(await decide(admin.client, { outcome: 'maybe' }), 400, M.appealOutcome);
      expectError(await decide(admin.client, {}), 400, M.appealOutcome);
      expectError(await decide(admin.client, { outcome: 'upheld' }, 999_999), 404, M.appealNotFound);
      const decided = await decide(admin.client, { outcome: 'overturned', reason: 'Honest review' });
      expect(decided.status).toBe(200);
      expect(decided.body).toMatchObject({ status: 'overturned', decisionReason: 'Honest review' });
      expectError(await decide(admin.client, { outcome: 'upheld' }), 409, M.appealDecided);

      const mine = await call<ModerationDecisionDto[]>(bob.client, 'GET', '/api/moderation/decisions');
      expect(mine.body[0].appeal).toMatchObject({ status: 'overturned', decisionReason: 'Honest review' });
      const log = await call<AuditEntryDto[]>(admin.client, 'GET', '/api/admin/audit-log', {}, undefined, {
        search: '?limit=1',
      });
      expect(log.body[0]).toMatchObject({
        action: 'appeal.overturned',
        targetType: 'appeal',
        targetId: appeal.id,
        subjectUserId: bob.id,
        reason: 'Honest review',
      });
    });
  });

  describe("another service's admin action (a removed review)", () => {
    it('reaches the audit log once, lists per person, and its subject appeals it once', async () => {
      const review = await cat.client.post<ReviewDto>('/api/reviews', {
        restaurantName: 'Removed Bistro',
        address: '2 Main St, Boston, MA',
        rating: 1,
        notes: 'Spam spam spam',
      });
      expect(review.status).toBe(201);
      await eventually(
        async () =>
          (await sql('SELECT 1 FROM moderation.reviews WHERE id = $1', [review.body.id])).length === 1,
        20_000,
      );
      // As reviews records it with an admin's deletion: through its outbox, twice (a retry).
      const action = {
        actionId: '5d0c1c9e-3f57-4f0a-9b5e-8d1f6f0a7c21',
        action: 'review.deleted',
        actorId: admin.id,
        targetType: 'review',
        targetId: review.body.id,
        subjectUserId: cat.id,
        reason: 'Spam',
      };
      for (let i = 0; i < 2; i += 1) {
        const envelope = createEnvelope('admin.action.recorded', action, { producer: 'reviews' });
        await sql('INSERT INTO reviews.outbox (id, type, payload) VALUES ($1, $2, $3)', [
          envelope.id,
          envelope.type,
          JSON.stringify(envelope),
        ]);
      }
      await eventually(
        async () =>
          (await sql("SELECT 1 FROM moderation.audit_log WHERE action = 'review.deleted'")).length === 1,
        20_000,
      );

      const aboutCat = await call<AuditEntryDto[]>(
        admin.client,
        'GET',
        '/api/admin/audit-log',
        {},
        undefined,
        {
          search: `?subjectUserId=${cat.id}`,
        },
      );
      expect(aboutCat.status).toBe(200);
      expect(aboutCat.body.map((e) => [e.action, e.targetId, e.subjectUserId, e.reason])).toEqual([
        ['review.deleted', review.body.id, cat.id, 'Spam'],
      ]);
      expectError(
        await call(admin.client, 'GET', '/api/admin/audit-log', {}, undefined, {
          search: '?subjectUserId=abc',
        }),
        400,
        M.subjectUserIdInvalid,
      );

      const mine = await call<ModerationDecisionDto[]>(cat.client, 'GET', '/api/moderation/decisions');
      expect(mine.body).toEqual([
        {
          reportId: null,
          auditEntryId: expect.any(Number),
          action: 'review.deleted',
          type: 'review',
          contentId: review.body.id,
          content: `A 1-star review of restaurant #${review.body.restaurantId}`,
          reportReason: null,
          decisionReason: 'Spam',
          decidedAt: expect.any(String),
          appeal: null,
        },
      ]);
      const auditEntryId = mine.body[0].auditEntryId as number;
      const appealOf = (who: Person, body: unknown, id = auditEntryId) =>
        call<AppealDto>(
          who.client,
          'POST',
          '/api/moderation/actions/{auditEntryId}/appeal',
          { auditEntryId: id },
          body,
        );
      expectError(await appealOf(ann, { text: 'Not mine' }), 404, M.decisionNotFound);
      expectError(await appealOf(cat, { text: ' ' }), 400, M.appealEmpty);
      expectError(await appealOf(cat, { text: 'x' }, 999_999), 404, M.decisionNotFound);
      const made = await appealOf(cat, { text: 'It was a real visit' });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ reportId: null, auditEntryId, userId: cat.id, status: 'pending' });
      expectError(await appealOf(cat, { text: 'Again' }), 409, M.appealOnce);

      const pending = await call<AdminAppealDto[]>(admin.client, 'GET', '/api/admin/appeals');
      expect(pending.status).toBe(200);
      expect(pending.body).toEqual([
        {
          ...made.body,
          user: { id: cat.id, username: cat.username, name: cat.name, profilePicture: null },
          action: 'review.deleted',
          type: 'review',
          contentId: review.body.id,
          content: `A 1-star review of restaurant #${review.body.restaurantId}`,
          reason: 'Spam',
        },
      ]);
      expectError(
        await call(admin.client, 'GET', '/api/admin/appeals', {}, undefined, { search: '?status=open' }),
        400,
        M.appealStatusFilter,
      );
      const decided = await call<AppealDto>(
        admin.client,
        'POST',
        '/api/admin/appeals/{id}/decide',
        { id: made.body.id },
        {
          outcome: 'upheld',
          reason: 'Links to a spam site',
        },
      );
      expect(decided.status).toBe(200);
      expect((await call<AdminAppealDto[]>(admin.client, 'GET', '/api/admin/appeals')).body).toEqual([]);
      const all = await call<AdminAppealDto[]>(admin.client, 'GET', '/api/admin/appeals', {}, undefined, {
        search: '?status=all',
      });
      expect(all.body.map((a) => [a.action, a.status])).toEqual([
        ['review.deleted', 'upheld'],
        ['report.resolved', 'overturned'],
      ]);
      const after = await call<ModerationDecisionDto[]>(cat.client, 'GET', '/api/moderation/decisions');
      expect(after.body[0].appeal).toMatchObject({
        status: 'upheld',
        decisionReason: 'Links to a spam site',
      });
    });
  });

  describe('audit log', () => {
    it('lists every admin action newest first, and refuses a bad page', async () => {
      const log = await call<AuditEntryDto[]>(admin.client, 'GET', '/api/admin/audit-log');
      expect(log.body.map((e) => e.action)).toEqual([
        'appeal.upheld',
        'review.deleted',
        'appeal.overturned',
        'reported-message.dismissed',
        'report.dismissed',
        'report.resolved',
        'feedback.resolved',
        'feedback.resolved',
      ]);
      expect(await count('audit_log')).toBe(8);
      expectError(
        await call(admin.client, 'GET', '/api/admin/audit-log', {}, undefined, { search: '?offset=-1' }),
        400,
      );
    });
  });

  describe('the OpenAPI document', () => {
    it('lists every answer above for its route', async () => {
      expect(await routes.undocumented(anonymous)).toEqual([]);
      expect(routes.answered.size).toBeGreaterThan(20);
    });
  });
});

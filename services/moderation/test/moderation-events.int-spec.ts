// moderation on a real PostgreSQL and an in-process bus: what it learns from identity's, reviews'
// and messaging's events (users, reviews, the reported-message queue, once per message), and what
// a deleted account leaves behind (nothing of theirs but admins' own audit entries).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Caller, EventMap, EventType, ModerationRpc } from '@dinebuds/contracts';
import { createEnvelope } from '@dinebuds/events';
import {
  startTestService,
  createTestSystem,
  type TestSystem,
  type TestService,
  type RpcMapOf,
  eventually,
  query,
} from '@dinebuds/testing';
import { startModerationService, type RunningModerationService } from '../src/index.js';

type ModerationRpcMap = RpcMapOf<ModerationRpc>;

const ADMIN = 2001;
const DEE = 2002;
const EVE = 2003;
const caller = (userId: number, isAdmin = false): Caller => ({ userId, isAdmin, sessionId: null });
const PRODUCERS: Record<string, string> = {
  identity: 'identity',
  reviews: 'reviews',
  messaging: 'messaging',
  // 'admin.action.recorded' comes from whichever service an admin acted in: reviews here.
  admin: 'reviews',
};

describe('moderation and its events (PostgreSQL, in-process bus)', () => {
  let system: TestSystem;
  let moderation: TestService<RunningModerationService, ModerationRpcMap>;
  const sql = (text: string, params: unknown[] = []) => query(system.db.url, text, params);
  const countOf = async (text: string, params: unknown[] = []) => (await sql(text, params)).length;

  const envelope = <T extends EventType>(type: T, data: EventMap[T], aggregateVersion?: number) =>
    createEnvelope(type, data, { producer: PRODUCERS[type.split('.')[0]], aggregateVersion });

  const person = (userId: number, name: string, isAdmin = false) =>
    envelope(
      'identity.user.registered',
      {
        userId,
        name,
        username: name.toLowerCase(),
        isAdmin,
        isPrivate: false,
        bio: null,
        profilePicture: null,
        cityBadges: [],
        flavorBadges: [],
        createdAt: new Date().toISOString(),
      },
      1,
    );

  const reported = (messageId: number, senderId: number, reporterId: number) =>
    envelope('messaging.message.reported', {
      messageId,
      senderId,
      reporterId,
      content: `message ${messageId}`,
      messageType: 'text',
      reason: 'Spam',
      sentAt: new Date(Date.now() - 60_000).toISOString(),
      reportedAt: new Date().toISOString(),
    });

  beforeAll(async () => {
    system = await createTestSystem('moderation_int', { retryDelayMs: 100 });
    moderation = await system.own(
      startTestService<ModerationRpcMap, typeof startModerationService>(startModerationService, {
        name: 'moderation',
        databaseUrl: system.db.url,
        bus: system.bus,
        options: { relayIntervalMs: 50 },
      }),
    );
    for (const event of [person(ADMIN, 'Admin', true), person(DEE, 'Dee'), person(EVE, 'Eve')])
      await system.bus.publish(event);
    await eventually(async () => (await countOf('SELECT 1 FROM moderation.users')) === 3, 15_000);
  }, 60_000);

  afterAll(async () => {
    await system?.close();
  });

  it('queues a reported message once, however often the event is delivered', async () => {
    const event = reported(501, DEE, EVE);
    await system.bus.publish(event);
    await system.bus.publish(event);
    await system.bus.publish(reported(501, DEE, EVE));
    await eventually(async () => (await countOf('SELECT 1 FROM moderation.reported_messages')) === 1, 15_000);
    const queue = await moderation.client.call('reportedMessages.list', {}, caller(ADMIN, true));
    expect(queue.map((m) => [m.id, m.sender?.name, m.receiver?.name])).toEqual([[501, 'Dee', 'Eve']]);
  });

  it('knows a review from its created event until its deleted event, which a late update does not undo', async () => {
    await system.bus.publish(
      envelope(
        'reviews.review.created',
        {
          reviewId: 77,
          userId: DEE,
          restaurantId: 5,
          rating: 1,
          city: null,
          createdAt: new Date().toISOString(),
        },
        1,
      ),
    );
    await eventually(
      async () => (await countOf('SELECT 1 FROM moderation.reviews WHERE id = 77')) === 1,
      15_000,
    );
    const report = await moderation.client.call(
      'reports.create',
      { type: 'review', contentId: 77, reason: 'Fake' },
      caller(EVE),
    );
    expect(report).toMatchObject({ contentOwnerId: DEE, content: 'A 1-star review of restaurant #5' });
    await system.bus.publish(
      envelope('reviews.review.deleted', { reviewId: 77, userId: DEE, restaurantId: 5, city: null }, 2),
    );
    await eventually(
      async () =>
        (await countOf('SELECT 1 FROM moderation.reviews WHERE id = 77 AND deleted_at IS NOT NULL')) === 1,
      15_000,
    );
    // A late update (older than the deletion) does not bring it back.
    await system.bus.publish(
      envelope(
        'reviews.review.updated',
        {
          reviewId: 77,
          userId: DEE,
          restaurantId: 5,
          rating: 3,
          city: null,
          createdAt: new Date().toISOString(),
        },
        1,
      ),
    );
    // Once a later review is known, the update before it was handled.
    await system.bus.publish(
      envelope(
        'reviews.review.created',
        {
          reviewId: 78,
          userId: EVE,
          restaurantId: 5,
          rating: 5,
          city: null,
          createdAt: new Date().toISOString(),
        },
        1,
      ),
    );
    await eventually(
      async () => (await countOf('SELECT 1 FROM moderation.reviews WHERE id = 78')) === 1,
      15_000,
    );
    expect(await countOf('SELECT 1 FROM moderation.reviews WHERE id = 77 AND deleted_at IS NULL')).toBe(0);
    await expect(
      moderation.client.call(
        'reports.create',
        { type: 'review', contentId: 77, reason: 'Again' },
        caller(DEE),
      ),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("records another service's admin action once per actionId, lists it per person, and lets its subject appeal once", async () => {
    await system.bus.publish(
      envelope(
        'reviews.review.created',
        {
          reviewId: 90,
          userId: EVE,
          restaurantId: 8,
          rating: 2,
          city: null,
          createdAt: new Date().toISOString(),
        },
        1,
      ),
    );
    await eventually(
      async () => (await countOf('SELECT 1 FROM moderation.reviews WHERE id = 90')) === 1,
      15_000,
    );
    const removed = envelope('admin.action.recorded', {
      actionId: '9a1c4a55-0d3e-4c4b-9f4e-2b8f1d7e6a01',
      action: 'review.deleted',
      actorId: ADMIN,
      targetType: 'review',
      targetId: 90,
      subjectUserId: EVE,
      reason: 'Spam links',
    });
    // Delivered twice, and published again under a new envelope id (a producer's retry).
    await system.bus.publish(removed);
    await system.bus.publish(removed);
    await system.bus.publish({ ...removed, id: '1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b' });
    await system.bus.publish(
      envelope('admin.action.recorded', {
        actionId: '9a1c4a55-0d3e-4c4b-9f4e-2b8f1d7e6a02',
        action: 'user.deactivated',
        actorId: ADMIN,
        targetType: 'user',
        targetId: DEE,
        subjectUserId: DEE,
        reason: null,
      }),
    );
    await eventually(
      async () =>
        (await countOf("SELECT 1 FROM moderation.audit_log WHERE action = 'user.deactivated'")) === 1,
      15_000,
    );
    expect(await countOf("SELECT 1 FROM moderation.audit_log WHERE action = 'review.deleted'")).toBe(1);

    const aboutEve = await moderation.client.call(
      'auditLog.list',
      { subjectUserId: EVE },
      caller(ADMIN, true),
    );
    expect(
      aboutEve.map((e) => [e.action, e.targetType, e.targetId, e.subjectUser?.name, e.actor?.name, e.reason]),
    ).toEqual([['review.deleted', 'review', 90, 'Eve', 'Admin', 'Spam links']]);

    const [decision] = await moderation.client.call('appeals.decisions', {}, caller(EVE));
    expect(decision).toMatchObject({
      reportId: null,
      action: 'review.deleted',
      type: 'review',
      contentId: 90,
      content: 'A 2-star review of restaurant #8',
      decisionReason: 'Spam links',
      appeal: null,
    });
    const auditEntryId = decision.auditEntryId as number;
    await expect(
      moderation.client.call(
        'appeals.createForAction',
        { auditEntryId, text: 'Not mine to judge' },
        caller(DEE),
      ),
    ).rejects.toMatchObject({ status: 404 });
    const appeal = await moderation.client.call(
      'appeals.createForAction',
      { auditEntryId, text: '  It was a real visit  ' },
      caller(EVE),
    );
    expect(appeal).toMatchObject({
      auditEntryId,
      reportId: null,
      text: 'It was a real visit',
      status: 'pending',
    });
    await expect(
      moderation.client.call('appeals.createForAction', { auditEntryId, text: 'Again' }, caller(EVE)),
    ).rejects.toMatchObject({ status: 409 });

    const pending = await moderation.client.call('appeals.list', {}, caller(ADMIN, true));
    expect(pending[0]).toMatchObject({
      id: appeal.id,
      action: 'review.deleted',
      content: 'A 2-star review of restaurant #8',
      reason: 'Spam links',
      user: { name: 'Eve' },
    });
    await moderation.client.call(
      'appeals.decide',
      { appealId: appeal.id, outcome: 'overturned' },
      caller(ADMIN, true),
    );
    const [after] = await moderation.client.call('appeals.decisions', {}, caller(EVE));
    expect(after.appeal).toMatchObject({ status: 'overturned' });
    expect(await moderation.client.call('appeals.list', {}, caller(ADMIN, true))).toEqual([]);
  });

  it('tells messaging when a reported message is dismissed (moderation.message-report.dismissed)', async () => {
    await system.bus.publish(reported(601, EVE, ADMIN));
    await eventually(
      async () => (await countOf('SELECT 1 FROM moderation.reported_messages WHERE message_id = 601')) === 1,
      15_000,
    );
    await moderation.client.call(
      'reportedMessages.dismiss',
      { messageId: 601, reason: 'Fine' },
      caller(ADMIN, true),
    );
    const recorded = await sql(
      `SELECT payload->'data' AS data FROM moderation.outbox WHERE type = 'moderation.message-report.dismissed'`,
    );
    expect(recorded.map((row) => (row as { data: unknown }).data)).toEqual([
      expect.objectContaining({ messageId: 601, senderId: EVE, reporterId: ADMIN, dismissedById: ADMIN }),
    ]);
  });

  it('a deleted account leaves nothing of theirs, and later events about them change nothing', async () => {
    await moderation.client.call('feedback.submit', { type: 'bug', text: 'Broken' }, caller(DEE));
    const aboutDee = await moderation.client.call(
      'reports.create',
      { type: 'user', contentId: DEE, reason: 'Spam' },
      caller(EVE),
    );
    await moderation.client.call(
      'reports.dismiss',
      { reportId: aboutDee.id, reason: 'No' },
      caller(ADMIN, true),
    );
    await system.bus.publish(envelope('identity.user.deleted', { userId: DEE }));
    await eventually(
      async () => (await countOf('SELECT 1 FROM moderation.deleted_users WHERE user_id = $1', [DEE])) === 1,
      15_000,
    );
    await system.bus.publish(reported(502, DEE, EVE));
    await system.bus.publish(person(DEE, 'Dee again'));
    // A later report between others: once it is queued, the two events before it were handled.
    await system.bus.publish(reported(503, EVE, ADMIN));
    await eventually(
      async () => (await countOf('SELECT 1 FROM moderation.reported_messages WHERE message_id = 503')) === 1,
      15_000,
    );

    const left = await sql(
      `SELECT 'users' AS t FROM moderation.users WHERE id = $1
       UNION ALL SELECT 'feedback' FROM moderation.feedback WHERE user_id = $1
       UNION ALL SELECT 'reports' FROM moderation.content_reports WHERE reporter_id = $1 OR content_owner_id = $1 OR target_id = $1
       UNION ALL SELECT 'messages' FROM moderation.reported_messages WHERE sender_id = $1 OR reporter_id = $1
       UNION ALL SELECT 'reviews' FROM moderation.reviews WHERE user_id = $1
       UNION ALL SELECT 'audit' FROM moderation.audit_log WHERE subject_user_id = $1 OR actor_id = $1`,
      [DEE],
    );
    expect(left).toEqual([]);
    const audit = await moderation.client.call('auditLog.list', {}, caller(ADMIN, true));
    expect(audit[0]).toMatchObject({
      action: 'report.dismissed',
      actorId: ADMIN,
      subjectUserId: null,
      reason: 'No',
    });
  });

  it('answers 403 to a caller who is not an admin, whatever the pattern', async () => {
    for (const call of [
      () => moderation.client.call('feedback.list', {}, caller(EVE)),
      () => moderation.client.call('reports.list', {}, caller(EVE)),
      () => moderation.client.call('reportedMessages.list', {}, caller(EVE)),
      () => moderation.client.call('auditLog.list', {}, caller(EVE)),
      () => moderation.client.call('appeals.list', {}, caller(EVE)),
      () => moderation.client.call('reports.resolve', { reportId: 1 }, caller(EVE)),
    ])
      await expect(call()).rejects.toMatchObject({ status: 403 });
  });
});

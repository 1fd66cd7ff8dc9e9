// messaging's admin side on a real PostgreSQL and an in-process bus: the conversation around a
// message (View Conversation, admins only) and a report moderation dismissed, cleared once.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEnvelope } from '@dinebuds/events';
import { eventually } from '@dinebuds/testing';
import { callerOf, startMessagingTestKit, type MessagingTestKit } from './messaging-test-kit.js';

const ANN = 3001;
const BOB = 3002;
const CAT = 3003;
const ADMIN = 3004;
const as = (userId: number, isAdmin = false) => callerOf(userId, isAdmin);

describe("messaging's admin read and dismissed reports (PostgreSQL, in-process bus)", () => {
  let kit: MessagingTestKit;
  let messaging: MessagingTestKit['messaging'];
  const rows = (sql: string, params: unknown[] = []) => kit.rows(sql, params);

  beforeAll(async () => {
    kit = await startMessagingTestKit('messaging_admin_int');
    messaging = kit.messaging;
    await kit.register([
      [ANN, 'Ann'],
      [BOB, 'Bob'],
      [CAT, 'Cat'],
    ]);
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  const send = (from: number, to: number, content: string) =>
    messaging.client.call('messages.send', { receiverId: to, content }, as(from));

  it('shows an admin the messages of the same two people around one, as its receiver sees them', async () => {
    const sent = [];
    for (let i = 1; i <= 7; i += 1) {
      sent.push(await send(i % 2 === 0 ? BOB : ANN, i % 2 === 0 ? ANN : BOB, `m${i}`));
      // Another conversation in between never shows.
      await send(ANN, CAT, `to cat ${i}`);
    }
    const middle = sent[3]; // m4, Bob to Ann
    await messaging.client.call('messages.report', { messageId: middle.id, reason: 'Rude' }, as(ANN));

    const context = await messaging.client.call(
      'admin.messageContext',
      { messageId: middle.id, around: 2 },
      as(ADMIN, true),
    );
    expect(context).toMatchObject({ messageId: middle.id, senderId: BOB, receiverId: ANN });
    expect(context.messages.map((m) => [m.content, m.reported, m.reportReason])).toEqual([
      ['m2', false, null],
      ['m3', false, null],
      ['m4', true, 'Rude'],
      ['m5', false, null],
      ['m6', false, null],
    ]);
    const first = await messaging.client.call(
      'admin.messageContext',
      { messageId: sent[0].id },
      as(ADMIN, true),
    );
    expect(first.messages.map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);

    await expect(
      messaging.client.call('admin.messageContext', { messageId: middle.id }, as(ANN)),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      messaging.client.call('admin.messageContext', { messageId: 999_999 }, as(ADMIN, true)),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      messaging.client.call('admin.messageContext', { messageId: middle.id, around: 0 }, as(ADMIN, true)),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('clears the reported flag when moderation dismisses the report, once however often told', async () => {
    const message = await send(CAT, ANN, 'Spam offer');
    await messaging.client.call('messages.report', { messageId: message.id, reason: 'Spam' }, as(ANN));
    const dismissed = createEnvelope(
      'moderation.message-report.dismissed',
      {
        messageId: message.id,
        senderId: CAT,
        reporterId: ANN,
        dismissedById: ADMIN,
        dismissedAt: new Date().toISOString(),
      },
      { producer: 'moderation' },
    );
    await kit.system.bus.publish(dismissed);
    await kit.system.bus.publish(dismissed);
    await eventually(
      async () =>
        (
          await rows(
            'SELECT 1 FROM messaging.messages WHERE id = $1 AND NOT reported AND report_reason IS NULL',
            [message.id],
          )
        ).length === 1,
      15_000,
    );
    const thread = await messaging.client.call(
      'messages.conversation',
      { userId: ANN, otherUserId: CAT },
      as(ANN),
    );
    expect(thread.find((m) => m.id === message.id)).toMatchObject({ reported: false, reportReason: null });
  });
});

// messaging on a real PostgreSQL and an in-process bus: its projections follow identity's and
// social-graph's events (profile changes in order, blocks, deletions with their tombstone), and the
// conversation rows stay exact under concurrent sends.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGING_MESSAGES as M, type EventMap, type EventType } from '@dinebuds/contracts';
import { eventually, registeredUser } from '@dinebuds/testing';
import { callerOf as as, startMessagingTestKit, type MessagingTestKit } from './messaging-test-kit.js';

const ANN = 1001;
const BOB = 1002;
const CAT = 1003;

describe('messaging with its projections (PostgreSQL, in-process bus)', () => {
  let kit: MessagingTestKit;
  let messaging: MessagingTestKit['messaging'];
  const rows = (sql: string, params: unknown[] = []) => kit.rows(sql, params);
  const publish = <T extends EventType>(type: T, data: EventMap[T], aggregateVersion?: number) =>
    kit.publish(type, data, aggregateVersion);
  /** One registration, not waited for (after a deletion its tombstone may refuse it). */
  const registered = (userId: number, name: string) =>
    publish('identity.user.registered', registeredUser(userId, name, `user${userId}`), 1);

  beforeAll(async () => {
    kit = await startMessagingTestKit('messaging_int');
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

  it('keeps the unread counters exact under concurrent sends', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => send(BOB, ANN, `m${i}`)));
    const [{ n }] = await rows(
      'SELECT count(*)::int AS n FROM messaging.messages WHERE receiver_id = $1 AND NOT read',
      [ANN],
    );
    expect(n).toBe(20);
    expect(await messaging.client.call('messages.unreadCount', {}, as(ANN))).toEqual({ count: 20 });
    const [inbox] = await messaging.client.call('conversations.list', {}, as(ANN));
    expect(inbox).toMatchObject({ userId: BOB, unreadCount: 20, name: 'Bob' });
    expect(await messaging.client.call('messages.markRead', { otherUserId: BOB }, as(ANN))).toEqual({
      count: 20,
    });
    expect(await messaging.client.call('messages.unreadCount', {}, as(ANN))).toEqual({ count: 0 });
  }, 30_000);

  it('takes a newer profile and ignores an older one arriving late', async () => {
    const profile = (name: string) => ({
      userId: BOB,
      username: `user${BOB}`,
      name,
      bio: null,
      profilePicture: '/api/users/1002/profile-picture?v=2',
      isPrivate: false,
      isAdmin: false,
    });
    await publish('identity.user.updated', profile('Bobby'), 3);
    await publish('identity.user.updated', profile('Bob Old'), 2);
    await eventually(async () => {
      const [row] = await messaging.client.call('conversations.list', {}, as(ANN));
      return row.name === 'Bobby';
    }, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [row] = await messaging.client.call('conversations.list', {}, as(ANN));
    expect(row).toMatchObject({ name: 'Bobby', profilePicture: '/api/users/1002/profile-picture?v=2' });
  });

  it('follows blocks: refused while one stands, either way, allowed again after', async () => {
    await publish('social.block.created', { blockerId: ANN, blockedId: CAT });
    await eventually(async () => (await rows('SELECT 1 FROM messaging.blocks')).length === 1, 10_000);
    await expect(send(CAT, ANN, 'hi')).rejects.toMatchObject({ status: 403 });
    await expect(send(ANN, CAT, 'hi')).rejects.toMatchObject({ status: 403 });
    await publish('social.block.removed', { blockerId: ANN, blockedId: CAT });
    await eventually(async () => (await rows('SELECT 1 FROM messaging.blocks')).length === 0, 10_000);
    await expect(send(CAT, ANN, 'hi again')).resolves.toMatchObject({ senderId: CAT });
  });

  it('a deactivated person cannot be messaged and shows as such; reactivation undoes it, a late event does not', async () => {
    await send(ANN, CAT, 'before');
    await publish('identity.user.deactivated', { userId: CAT }, 5);
    await eventually(
      async () => (await rows('SELECT 1 FROM messaging.account_states WHERE deactivated')).length === 1,
      10_000,
    );
    await expect(send(ANN, CAT, 'hello?')).rejects.toMatchObject({
      status: 403,
      message: M.accountDeactivated,
    });
    await expect(
      messaging.client.call(
        'polls.create',
        { receiverId: CAT, options: [{ restaurantId: 1, restaurantName: 'Nobu' }] },
        as(ANN),
      ),
    ).rejects.toMatchObject({ status: 403, message: M.accountDeactivated });
    const withCat = async () =>
      (await messaging.client.call('conversations.list', {}, as(ANN))).find((r) => r.userId === CAT);
    expect(await withCat()).toMatchObject({ deactivated: true, lastMessage: 'before' });
    await publish('identity.user.reactivated', { userId: CAT }, 7);
    await publish('identity.user.deactivated', { userId: CAT }, 6); // older: arrives late, changes nothing
    await eventually(async () => (await withCat())?.deactivated === false, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(send(ANN, CAT, 'welcome back')).resolves.toMatchObject({ receiverId: CAT });
    expect(await withCat()).toMatchObject({ deactivated: false, lastMessage: 'welcome back' });
  });

  it('stores each read receipt with an id: a catch-up replays those after an id, with the newest ids', async () => {
    await messaging.client.call('messages.markRead', { otherUserId: ANN }, as(CAT));
    const start = await messaging.client.call('messages.since', {}, as(ANN));
    expect(start.messages).toEqual([]);
    expect(start.receipts).toEqual([]);
    const first = await send(ANN, CAT, 'read me');
    await messaging.client.call('messages.markRead', { otherUserId: ANN }, as(CAT));
    const second = await send(ANN, CAT, 'and me');
    await messaging.client.call('messages.markRead', { otherUserId: ANN }, as(CAT));
    const caughtUp = await messaging.client.call(
      'messages.since',
      { afterId: start.cursor.messageId, afterReceiptId: start.cursor.receiptId },
      as(ANN),
    );
    expect(caughtUp.messages.map((m) => m.id)).toEqual([first.id, second.id]);
    expect(caughtUp.receipts).toEqual([
      expect.objectContaining({ readerId: CAT, otherUserId: ANN, upToMessageId: first.id, count: 1 }),
      expect.objectContaining({ readerId: CAT, otherUserId: ANN, upToMessageId: second.id, count: 1 }),
    ]);
    const [one, two] = caughtUp.receipts;
    expect(two.receiptId).toBeGreaterThan(one.receiptId as number);
    expect(caughtUp.cursor).toEqual({ messageId: second.id, receiptId: two.receiptId });
    const later = await messaging.client.call('messages.since', { afterReceiptId: one.receiptId }, as(CAT));
    expect(later.receipts.map((r) => r.receiptId)).toEqual([two.receiptId]);
    expect(later.messages).toEqual([]);
  });

  it("removes a deleted user's messages, conversations and polls, and ignores later events about them", async () => {
    await messaging.client.call(
      'polls.create',
      { receiverId: ANN, options: [{ restaurantId: 1, restaurantName: 'Nobu' }] },
      as(BOB),
    );
    await publish('identity.user.deleted', { userId: BOB }, 4);
    await eventually(
      async () => (await rows('SELECT 1 FROM messaging.users WHERE id = $1', [BOB])).length === 0,
      10_000,
    );
    const left = await rows(
      `SELECT (SELECT count(*)::int FROM messaging.messages WHERE $1 IN (sender_id, receiver_id)) AS messages,
              (SELECT count(*)::int FROM messaging.conversations WHERE $1 IN (user_id, other_id)) AS conversations,
              (SELECT count(*)::int FROM messaging.polls WHERE $1 IN (proposer_id, receiver_id)) AS polls`,
      [BOB],
    );
    expect(left).toEqual([{ messages: 0, conversations: 0, polls: 0 }]);
    expect((await messaging.client.call('conversations.list', {}, as(ANN))).map((r) => r.userId)).toEqual([
      CAT,
    ]);
    await registered(BOB, 'Bob Again');
    // Graph changes still in flight when the deletion was applied (social-graph's own removals of
    // the person's edges among them) leave no row naming the person behind.
    await publish('social.follow.removed', { followerId: ANN, followingId: BOB }, 9);
    await publish(
      'social.follow.created',
      { followerId: BOB, followingId: CAT, createdAt: new Date().toISOString() },
      9,
    );
    await publish('social.block.created', { blockerId: CAT, blockedId: BOB });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rows('SELECT 1 FROM messaging.users WHERE id = $1', [BOB])).toEqual([]);
    const edges = await rows(
      `SELECT 'follow_versions' AS t FROM messaging.follow_versions WHERE $1 IN (follower_id, following_id)
       UNION ALL SELECT 'follows' FROM messaging.follows WHERE $1 IN (follower_id, following_id)
       UNION ALL SELECT 'blocks' FROM messaging.blocks WHERE $1 IN (blocker_id, blocked_id)`,
      [BOB],
    );
    expect(edges).toEqual([]);
    await expect(send(ANN, BOB, 'still there?')).rejects.toMatchObject({ status: 404 });
  });
});

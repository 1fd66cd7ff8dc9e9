import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DISCOVERY_MESSAGES, type Caller } from '@dinebuds/contracts';
import { InProcessEventBus, silentEventsLogger } from '@dinebuds/events';
import { createTestDatabase, query, type TestDatabase } from '@dinebuds/testing';
import { startTestReviews, type TestReviews } from './reviews-test-kit.js';

const caller = (userId: number): Caller => ({ userId, isAdmin: false, sessionId: null });
const ANN = caller(731);
const BOB = caller(732);
const DAN = caller(733);

/** One kind of post, through its RPC patterns: Ann's post and a second one of hers. */
interface PostKind {
  name: string;
  table: string;
  /** Its events' prefix, and the sentence of its 404. */
  events: string;
  notFound: string;
  /** Posts one as Ann, answers its id. */
  post(): Promise<number>;
  comment(postId: number, who: Caller, text: string): Promise<number>;
  deleteComment(postId: number, commentId: number, who: Caller): Promise<{ message: string }>;
}

/**
 * Deleting a comment on a check-in or a status (one statement that deletes only what the caller
 * may delete), on real PostgreSQL: the post's owner deletes another's comment and the author
 * their own, each with its comment-deleted event naming author, owner and deleter; a stranger is
 * refused (403) and the comment stays; an unknown comment, a comment of another post and an
 * unknown post are 404s with their sentences, and nothing is deleted or recorded; a refusal opens
 * no transaction.
 */
describe('deleting a comment', () => {
  let db: TestDatabase;
  // Its events are read from the outbox: the bus only has to be there.
  const bus = new InProcessEventBus({ logger: silentEventsLogger, topology: [] });
  let reviews: TestReviews;
  let restaurantId: number;

  const kinds: PostKind[] = [
    {
      name: 'check-in',
      table: 'reviews.check_in_comments',
      events: 'reviews.checkin',
      notFound: DISCOVERY_MESSAGES.checkInNotFound,
      post: async () => (await reviews.client.call('checkIns.checkIn', { restaurantId }, ANN)).id,
      comment: async (checkInId, who, text) =>
        (await reviews.client.call('checkIns.comment', { checkInId, text }, who)).id,
      deleteComment: (checkInId, commentId, who) =>
        reviews.client.call('checkIns.deleteComment', { checkInId, commentId }, who),
    },
    {
      name: 'status',
      table: 'reviews.status_comments',
      events: 'reviews.status',
      notFound: DISCOVERY_MESSAGES.statusNotFound,
      post: async () => (await reviews.client.call('statuses.post', { text: 'Craving dumplings' }, ANN)).id,
      comment: async (statusId, who, text) =>
        (await reviews.client.call('statuses.comment', { statusId, text }, who)).id,
      deleteComment: (statusId, commentId, who) =>
        reviews.client.call('statuses.deleteComment', { statusId, commentId }, who),
    },
  ];

  const deletions = (prefix: string) =>
    query<{ type: string; data: Record<string, number> }>(
      db.url,
      `SELECT type, payload->'data' AS data FROM reviews.outbox WHERE type LIKE $1 ORDER BY seq`,
      [`${prefix}.comment-deleted`],
    );

  /** How many transactions the service opened while `work` ran (its data source's query log). */
  const transactionsDuring = async (work: () => Promise<void>): Promise<number> => {
    const dataSource = reviews.service.app.get<DataSource>(getDataSourceToken('reviews'), { strict: false });
    const logged = jest.spyOn(dataSource.logger, 'logQuery');
    try {
      await work();
      return logged.mock.calls.filter(([sql]) => /^\s*(START TRANSACTION|BEGIN)\b/i.test(sql)).length;
    } finally {
      logged.mockRestore();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase('reviews_comment_deletion');
    reviews = await startTestReviews(db.url, bus);
    // The users projection (public profiles), as identity's events would have written it.
    for (const [user, name] of [
      [ANN, 'ann'],
      [BOB, 'bob'],
      [DAN, 'dan'],
    ] as const)
      await query(
        db.url,
        `INSERT INTO reviews.users (id, username, name, is_private, synced_at) VALUES ($1, $2, $2, false, now())`,
        [user.userId, name],
      );
    ({ restaurantId } = await reviews.client.call(
      'reviews.create',
      { restaurantName: 'Lantern Noodle House', address: '18 Pine St, Austin, TX', rating: 4 },
      ANN,
    ));
  }, 60_000);

  afterAll(async () => {
    await reviews?.stop();
    await bus.close();
    await db?.drop();
  });

  describe.each(kinds.map((kind) => [kind.name, kind] as const))('on a %s', (_name, kind) => {
    const stored = async (commentId: number) =>
      (await query(db.url, `SELECT 1 FROM ${kind.table} WHERE id = $1`, [commentId])).length === 1;

    it("the owner deletes another's comment, the author their own; each records who did it", async () => {
      const postId = await kind.post();
      const bobs = await kind.comment(postId, BOB, 'Count me in');
      const dans = await kind.comment(postId, DAN, 'Where?');
      const deleting = await transactionsDuring(async () => {
        expect(await kind.deleteComment(postId, bobs, ANN)).toEqual({
          message: DISCOVERY_MESSAGES.commentDeleted,
        });
        expect(await kind.deleteComment(postId, dans, DAN)).toEqual({
          message: DISCOVERY_MESSAGES.commentDeleted,
        });
      });
      // One transaction per deletion: the comment and its event together.
      expect(deleting).toBe(2);
      expect([await stored(bobs), await stored(dans)]).toEqual([false, false]);
      expect((await deletions(kind.events)).slice(-2).map((e) => e.data)).toMatchObject([
        { commentId: bobs, authorId: BOB.userId, ownerId: ANN.userId, deletedBy: ANN.userId },
        { commentId: dans, authorId: DAN.userId, ownerId: ANN.userId, deletedBy: DAN.userId },
      ]);
    });

    it("a stranger may not delete another's comment (403); unknown comments, posts and another post's comment are 404s", async () => {
      const postId = await kind.post();
      const otherPostId = await kind.post();
      const bobs = await kind.comment(postId, BOB, 'Count me in');
      const before = (await deletions(kind.events)).length;
      const refusing = await transactionsDuring(async () => {
        await expect(kind.deleteComment(postId, bobs, DAN)).rejects.toMatchObject({
          status: 403,
          message: DISCOVERY_MESSAGES.commentNotYours,
        });
        // The comment exists, but not on this post: not even its author or the post's owner may.
        for (const who of [BOB, ANN, DAN])
          await expect(kind.deleteComment(otherPostId, bobs, who)).rejects.toMatchObject({
            status: 404,
            message: DISCOVERY_MESSAGES.commentNotFound,
          });
        await expect(kind.deleteComment(postId, 99_999_999, ANN)).rejects.toMatchObject({
          status: 404,
          message: DISCOVERY_MESSAGES.commentNotFound,
        });
        await expect(kind.deleteComment(99_999_999, bobs, BOB)).rejects.toMatchObject({
          status: 404,
          message: kind.notFound,
        });
      });
      // Refused before any transaction: a refusal has nothing to write.
      expect(refusing).toBe(0);
      expect(await stored(bobs)).toBe(true);
      expect(await deletions(kind.events)).toHaveLength(before);
      // Deleted once: a second time is a 404.
      await kind.deleteComment(postId, bobs, BOB);
      await expect(kind.deleteComment(postId, bobs, BOB)).rejects.toMatchObject({
        status: 404,
        message: DISCOVERY_MESSAGES.commentNotFound,
      });
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  ActivityResponse,
  FeedPageDto,
  MessageResponse,
  StatusCommentDto,
  StatusDto,
  StatusLikeDto,
} from '@dinebuds/contracts';
import { eventually, query } from '@dinebuds/testing';
import { ApiClient } from '../support/api-client.js';
import { registerKnownToReviews, type ApiPerson } from '../support/api-people.js';
import { expectError, startApiSystem, type ApiSystem } from '../support/api-system.js';

const PASSWORD = 'Secret#123';

/**
 * Statuses without a check-in (the Check Ins tab's "Share a status"), through the gateway: Ann
 * posts one; she and Bob (who follows her) read it, Cat (who follows her but is blocked) and Dan
 * (who does not follow her) do not; it counts among Ann's profile statuses and records
 * reviews.status.posted. Empty, blank, too long or multi-line text is a 400 with a sentence and
 * stores nothing. Then likes (toggle, count) and comments on it, stored and shown in Bob's feed,
 * each with its event; a comment is deleted by its author or Ann, never by anyone else; blocked
 * Cat cannot react.
 */
describe('statuses without a check-in', () => {
  let system: ApiSystem;
  let ann: ApiPerson;
  let bob: ApiPerson;
  let cat: ApiPerson;
  let dan: ApiPerson;

  const statuses = async (who: ApiPerson) => {
    const res = await who.client.get<StatusDto[]>('/api/statuses');
    expect(res.status).toBe(200);
    return res.body.map((s) => [s.user.id, s.text]);
  };
  const stored = async () => (await query(system.databaseUrl, 'SELECT id FROM reviews.statuses')).length;

  async function follow(from: ApiPerson, to: ApiPerson): Promise<void> {
    expect((await from.client.post(`/api/users/${from.id}/follow/${to.id}`)).status).toBe(200);
    await eventually(
      async () =>
        (
          await query(
            system.databaseUrl,
            'SELECT 1 FROM reviews.follows WHERE follower_id = $1 AND following_id = $2',
            [from.id, to.id],
          )
        ).length === 1,
      20_000,
    );
  }

  beforeAll(async () => {
    system = await startApiSystem('api_statuses');
    // One at a time: registrations hash passwords, and a busy machine answers a burst with 504.
    const people: ApiPerson[] = [];
    for (const prefix of ['ann', 'bob', 'cat', 'dan'])
      people.push(await registerKnownToReviews(system.baseUrl, system.databaseUrl, prefix, PASSWORD));
    [ann, bob, cat, dan] = people;
    await follow(bob, ann);
    await follow(cat, ann);
    expect((await ann.client.post('/api/users/block', { blockedId: cat.id })).status).toBeLessThan(300);
    await eventually(
      async () =>
        (
          await query(
            system.databaseUrl,
            'SELECT 1 FROM reviews.blocks WHERE blocker_id = $1 AND blocked_id = $2',
            [ann.id, cat.id],
          )
        ).length === 1,
      20_000,
    );
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
  });

  it('Ann posts a status: 201 with the trimmed text and her as author, and reviews.status.posted recorded', async () => {
    const res = await ann.client.post<StatusDto>('/api/statuses', { text: '  Craving dumplings tonight  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      text: 'Craving dumplings tonight',
      user: { id: ann.id, username: ann.username, name: 'ann tester' },
    });
    expect(Number.isNaN(Date.parse(res.body.createdAt))).toBe(false);
    const events = await query<{ data: { statusId: number; userId: number; text: string } }>(
      system.databaseUrl,
      `SELECT payload->'data' AS data FROM reviews.outbox WHERE type = 'reviews.status.posted'`,
    );
    expect(events.map((e) => e.data)).toMatchObject([
      { statusId: res.body.id, userId: ann.id, text: 'Craving dumplings tonight' },
    ]);
  });

  it('Ann and her follower Bob see it; blocked Cat and stranger Dan do not', async () => {
    expect(await statuses(ann)).toEqual([[ann.id, 'Craving dumplings tonight']]);
    expect(await statuses(bob)).toEqual([[ann.id, 'Craving dumplings tonight']]);
    expect(await statuses(cat)).toEqual([]);
    expect(await statuses(dan)).toEqual([]);
  });

  it("is an item of Ann's profile activity, with no restaurant, and counts among her statuses and all", async () => {
    const res = await bob.client.get<ActivityResponse>(`/api/activity?userId=${ann.id}`);
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ all: 1, statuses: 1 });
    expect(res.body.items).toMatchObject([
      {
        type: 'status',
        restaurantId: null,
        restaurant: null,
        message: 'Craving dumplings tonight',
        rating: null,
      },
    ]);
    expect(res.body.items[0]!.id).toMatch(/^status-\d+$/);
  });

  describe('likes and comments on a status', () => {
    let statusId: number;
    const like = (who: ApiPerson) => who.client.post<StatusLikeDto>(`/api/statuses/${statusId}/like`);
    const comments = async (who: ApiPerson) =>
      (await who.client.get<StatusCommentDto[]>(`/api/statuses/${statusId}/comments`)).body.map((c) => [
        c.user.id,
        c.text,
      ]);
    const bobsItem = async () =>
      (await bob.client.get<FeedPageDto>('/api/activity/feed')).body.items.find(
        (i) => i.id === `status-${statusId}`,
      );

    beforeAll(async () => {
      statusId = (await ann.client.get<StatusDto[]>('/api/statuses')).body[0].id;
    });

    it('a like toggles on and off with the count; a second person adds to it; the feed shows it', async () => {
      expect((await like(bob)).body).toEqual({ statusId, liked: true, likeCount: 1 });
      expect((await like(dan)).body).toEqual({ statusId, liked: true, likeCount: 2 });
      const undone = await like(bob);
      expect(undone.status).toBe(200);
      expect(undone.body).toEqual({ statusId, liked: false, likeCount: 1 });
      expect((await like(bob)).body).toEqual({ statusId, liked: true, likeCount: 2 });
      expect((await bobsItem())?.reactions).toEqual({ likeCount: 2, likedByMe: true, commentCount: 0 });
      const mine = (await ann.client.get<StatusDto[]>('/api/statuses')).body[0];
      expect(mine.reactions).toEqual({ likeCount: 2, likedByMe: false, commentCount: 0 });
    });

    it('comments are stored and listed oldest first; only the author or Ann deletes one', async () => {
      const written = await bob.client.post<StatusCommentDto>(`/api/statuses/${statusId}/comments`, {
        text: '  Count me in  ',
      });
      expect(written.status).toBe(201);
      expect(written.body).toMatchObject({ statusId, user: { id: bob.id }, text: 'Count me in' });
      const dans = (
        await dan.client.post<StatusCommentDto>(`/api/statuses/${statusId}/comments`, { text: 'Where?' })
      ).body;
      expect(await comments(ann)).toEqual([
        [bob.id, 'Count me in'],
        [dan.id, 'Where?'],
      ]);
      expect((await bobsItem())?.reactions).toMatchObject({ commentCount: 2 });
      // Dan may not delete Bob's comment: 403 with a sentence, and it stays.
      const path = (id: number) => `/api/statuses/${statusId}/comments/${id}`;
      const refused = await dan.client.delete<MessageResponse>(path(written.body.id));
      expect([refused.status, refused.body.message]).toEqual([
        403,
        'Only its author or the owner of the post can delete a comment',
      ]);
      expect(await comments(ann)).toHaveLength(2);
      // Bob deletes his own; Ann, whose status it is, deletes Dan's.
      expect((await bob.client.delete<MessageResponse>(path(written.body.id))).body).toEqual({
        message: 'Comment deleted',
      });
      expect((await ann.client.delete(path(dans.id))).status).toBe(200);
      expect(await comments(bob)).toEqual([]);
      const again = await bob.client.delete<MessageResponse>(path(written.body.id));
      expect([again.status, again.body.message]).toEqual([404, 'Comment not found']);
    });

    it('each change records its event', async () => {
      const events = await query<{ type: string }>(
        system.databaseUrl,
        "SELECT type FROM reviews.outbox WHERE type LIKE 'reviews.status.%' ORDER BY seq",
      );
      expect(events.map((e) => e.type)).toEqual([
        'reviews.status.posted',
        'reviews.status.liked',
        'reviews.status.liked',
        'reviews.status.unliked',
        'reviews.status.liked',
        'reviews.status.commented',
        'reviews.status.commented',
        'reviews.status.comment-deleted',
        'reviews.status.comment-deleted',
      ]);
    });

    it('blocked Cat cannot react (404), bad input is a 4xx with a sentence, and nothing is stored', async () => {
      const counts = () =>
        query(
          system.databaseUrl,
          'SELECT (SELECT COUNT(*) FROM reviews.status_likes) AS likes, (SELECT COUNT(*) FROM reviews.status_comments) AS comments',
        );
      const before = await counts();
      for (const res of [
        await cat.client.post<{ message: string }>(`/api/statuses/${statusId}/like`),
        await cat.client.get<{ message: string }>(`/api/statuses/${statusId}/comments`),
        await cat.client.post<{ message: string }>(`/api/statuses/${statusId}/comments`, { text: 'hi' }),
      ])
        expect([res.status, res.body.message]).toEqual([404, 'Status not found']);
      const cases: [string, unknown, number, string][] = [
        [`/api/statuses/${statusId}/comments`, {}, 400, 'Write a comment first'],
        [`/api/statuses/${statusId}/comments`, { text: '   ' }, 400, 'Write a comment first'],
        [
          `/api/statuses/${statusId}/comments`,
          { text: 'x'.repeat(501) },
          400,
          'Comments must be at most 500 characters',
        ],
        ['/api/statuses/abc/comments', { text: 'hi' }, 400, ''],
        ['/api/statuses/99999999/comments', { text: 'hi' }, 404, 'Status not found'],
        ['/api/statuses/99999999/like', undefined, 404, 'Status not found'],
        ['/api/statuses/0/like', undefined, 400, ''],
      ];
      for (const [path, body, status, message] of cases) {
        const res = await bob.client.post<{ message: string }>(path, body);
        expect([path, res.status]).toEqual([path, status]);
        if (message) expect(res.body.message).toBe(message);
      }
      expect((await bob.client.delete(`/api/statuses/${statusId}/comments/abc`)).status).toBe(400);
      expect(await counts()).toEqual(before);
      const anonymous = new ApiClient(system.baseUrl);
      expect((await anonymous.post(`/api/statuses/${statusId}/like`)).status).toBe(401);
      expect((await anonymous.get(`/api/statuses/${statusId}/comments`)).status).toBe(401);
    });
  });

  it('bad text is a 400 with a sentence and stores nothing; no session is a 401', async () => {
    const before = await stored();
    const cases: [unknown, string][] = [
      [{}, 'Write a status first'],
      [{ text: '' }, 'Write a status first'],
      [{ text: '   ' }, 'Write a status first'],
      [{ text: 42 }, 'Write a status first'],
      [{ text: 'x'.repeat(141) }, 'Statuses must be at most 140 characters'],
      [{ text: 'two\nlines' }, 'Text cannot contain control characters'],
    ];
    for (const [body, message] of cases)
      expectError(await ann.client.post('/api/statuses', body), 400, message);
    expect(await stored()).toBe(before);
    const anonymous = new ApiClient(system.baseUrl);
    expect((await anonymous.post('/api/statuses', { text: 'hi' })).status).toBe(401);
    expect((await anonymous.get('/api/statuses')).status).toBe(401);
  });
});

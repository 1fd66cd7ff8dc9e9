import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RegisterRequest } from '@dinebuds/contracts';
import { eventually, explainPlan, query, rawCall, type TestDatabase, type TestUser } from '@dinebuds/testing';
import {
  registerProjectedUser,
  socialOutbox,
  startSocialTestSystem,
  waitForProjection,
  type SocialTestSystem,
  type TestIdentity,
  type TestSocialGraph,
} from './social-test-kit.js';
import { decodeFollowCursor } from '../src/follows/follow-cursor.js';
import { followPageQuery } from '../src/follows/follows.repository.js';

describe('social-graph: follows, requests and the user projection (identity + social-graph, in-process bus)', () => {
  let system: SocialTestSystem;
  let db: TestDatabase;
  let identity: TestIdentity;
  let social: TestSocialGraph;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser; // private
  let dave: TestUser;
  let erin: TestUser; // private

  const registerAndProject = (overrides?: Partial<RegisterRequest>) =>
    registerProjectedUser(identity, db.url, overrides);

  async function followEdges(followerId: number, followingId: number): Promise<number> {
    const rows = await query(
      db.url,
      'SELECT id FROM social.follows WHERE follower_id = $1 AND following_id = $2',
      [followerId, followingId],
    );
    return rows.length;
  }

  beforeAll(async () => {
    system = await startSocialTestSystem('social_follows');
    ({ db, identity, social } = system);
    alice = await registerAndProject({
      name: 'Alice Adams',
      flavorBuds: ['sushi', 'vegan'],
      cityBuds: ['New York'],
    });
    bob = await registerAndProject({ name: 'Bob Brown' });
    carol = await registerAndProject({ name: 'Carol Chen', isPrivate: true });
    dave = await registerAndProject({ name: 'Dave Diaz' });
    erin = await registerAndProject({ name: 'Erin Evans', isPrivate: true });
  });

  afterAll(async () => {
    await system?.close();
  });

  describe('projection of identity users', () => {
    it('keeps id, username, name, privacy, bio and badges from identity events', async () => {
      const row = await waitForProjection(db.url, alice.id, (r) => r.flavor_badges.length === 2);
      expect(row).toMatchObject({
        id: alice.id,
        username: alice.username,
        name: 'Alice Adams',
        is_private: false,
        bio: 'Food enthusiast with a passion for sushi and vegan, enjoying dining in New York.',
        profile_picture: null,
        flavor_badges: ['sushi', 'vegan'],
        city_badges: ['new york'],
      });
      await expect(waitForProjection(db.url, carol.id)).resolves.toMatchObject({ is_private: true });
    });

    it('follows profile and badge changes made in identity', async () => {
      await identity.client.call(
        'users.update',
        { id: dave.id, name: 'David Diaz', bio: 'Tacos' },
        dave.caller,
      );
      await identity.client.call(
        'badges.setFlavor',
        { userId: dave.id, badges: [{ category: 'preference', badgeId: 'taco' }] },
        dave.caller,
      );
      await identity.client.call(
        'badges.setCity',
        { userId: dave.id, badges: [{ city: 'Austin' }] },
        dave.caller,
      );
      const row = await waitForProjection(
        db.url,
        dave.id,
        (r) => r.name === 'David Diaz' && r.city_badges.length === 1,
      );
      expect(row).toMatchObject({ bio: 'Tacos', flavor_badges: ['taco'], city_badges: ['austin'] });
      dave.name = 'David Diaz';
    });
  });

  describe('follow and status', () => {
    it('follows a public user at once, idempotently, with one social.follow.created', async () => {
      await expect(
        social.client.call('follows.follow', { userId: alice.id, targetId: bob.id }, alice.caller),
      ).resolves.toEqual({ status: 'following' });
      await expect(
        social.client.call('follows.follow', { userId: alice.id, targetId: bob.id }, alice.caller),
      ).resolves.toEqual({ status: 'following' });
      expect(await followEdges(alice.id, bob.id)).toBe(1);
      const created = (await socialOutbox(db.url, 'social.follow.created')).filter(
        (e) => e.data.followerId === alice.id && e.data.followingId === bob.id,
      );
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({ producer: 'social-graph', data: { createdAt: expect.any(String) } });

      await expect(
        social.client.call('follows.status', { userId: alice.id, targetId: bob.id }, alice.caller),
      ).resolves.toEqual({ isFollowing: true, status: 'following' });
      await expect(
        social.client.call('follows.status', { userId: bob.id, targetId: alice.id }, bob.caller),
      ).resolves.toEqual({ isFollowing: false, status: 'not_following' });
      await expect(
        social.client.call('follows.status', { userId: alice.id, targetId: alice.id }, alice.caller),
      ).resolves.toEqual({ isFollowing: false, status: 'not_following' });
    });

    it('lets only the signed-in caller act as userId (401 anonymous, 403 someone else)', async () => {
      await expect(
        social.client.call('follows.follow', { userId: alice.id, targetId: dave.id }),
      ).rejects.toMatchObject({ status: 401 });
      await expect(
        social.client.call('follows.follow', { userId: alice.id, targetId: dave.id }, bob.caller),
      ).rejects.toMatchObject({
        status: 403,
        message: 'You can only act for yourself',
      });
      await expect(
        social.client.call('follows.unfollow', { userId: alice.id, targetId: bob.id }, bob.caller),
      ).rejects.toMatchObject({ status: 403 });
      await expect(
        social.client.call('follows.unfollow', { userId: alice.id, targetId: bob.id }),
      ).rejects.toMatchObject({ status: 401 });
      await expect(
        social.client.call('follows.status', { userId: alice.id, targetId: bob.id }, bob.caller),
      ).rejects.toMatchObject({ status: 403 });
      await expect(
        social.client.call('follows.status', { userId: alice.id, targetId: bob.id }),
      ).rejects.toMatchObject({ status: 401 });
      // An admin is no exception: acting as someone else is not moderation.
      await expect(
        social.client.call(
          'follows.follow',
          { userId: alice.id, targetId: dave.id },
          { ...bob.caller, isAdmin: true },
        ),
      ).rejects.toMatchObject({ status: 403 });
      expect(await followEdges(alice.id, dave.id)).toBe(0);
    });

    it('refuses following oneself (400) and unknown users (404)', async () => {
      await expect(
        social.client.call('follows.follow', { userId: alice.id, targetId: alice.id }, alice.caller),
      ).rejects.toMatchObject({
        status: 400,
        message: 'You cannot follow yourself',
      });
      await expect(
        social.client.call('follows.follow', { userId: alice.id, targetId: 987654 }, alice.caller),
      ).rejects.toMatchObject({
        status: 404,
        message: 'User not found',
      });
      await expect(
        social.client.call('follows.unfollow', { userId: alice.id, targetId: 987654 }, alice.caller),
      ).rejects.toMatchObject({ status: 404 });
      await expect(
        social.client.call('follows.status', { userId: alice.id, targetId: 987654 }, alice.caller),
      ).rejects.toMatchObject({
        status: 404,
        message: 'User not found',
      });
      for (const body of [
        { userId: alice.id },
        { userId: alice.id, targetId: 'abc' },
        { userId: alice.id, targetId: -3 },
        [1, 2],
      ]) {
        const response = await rawCall(
          social.service.url,
          'follows.follow',
          JSON.stringify(body),
          alice.caller,
        );
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          statusCode: 400,
          error: 'Bad Request',
          message: expect.any(String),
        });
      }
      // Path parameters arrive as strings.
      await expect(
        rawCall(
          social.service.url,
          'follows.status',
          JSON.stringify({ userId: String(alice.id), targetId: String(bob.id) }),
          alice.caller,
        ),
      ).resolves.toMatchObject({
        status: 200,
        body: { isFollowing: true, status: 'following' },
      });
    });

    it('unfollows, then answers not_following again without a second event', async () => {
      await social.client.call('follows.follow', { userId: dave.id, targetId: bob.id }, dave.caller);
      await expect(
        social.client.call('follows.unfollow', { userId: dave.id, targetId: bob.id }, dave.caller),
      ).resolves.toEqual({ status: 'not_following' });
      await expect(
        social.client.call('follows.unfollow', { userId: dave.id, targetId: bob.id }, dave.caller),
      ).resolves.toEqual({ status: 'not_following' });
      expect(await followEdges(dave.id, bob.id)).toBe(0);
      const removed = (await socialOutbox(db.url, 'social.follow.removed')).filter(
        (e) => e.data.followerId === dave.id && e.data.followingId === bob.id,
      );
      expect(removed.map((e) => e.data)).toEqual([{ followerId: dave.id, followingId: bob.id }]);
      await expect(
        social.client.call('follows.status', { userId: dave.id, targetId: bob.id }, dave.caller),
      ).resolves.toEqual({ isFollowing: false, status: 'not_following' });
    });

    it("numbers an edge's follow events: follow 1, unfollow 2, follow again 3", async () => {
      const [ann, ben] = await Promise.all([registerAndProject(), registerAndProject()]);
      for (const pattern of ['follows.follow', 'follows.unfollow', 'follows.follow'] as const)
        await social.client.call(pattern, { userId: ann.id, targetId: ben.id }, ann.caller);
      const ofEdge = (e: { data: { followerId: number; followingId: number } }) =>
        e.data.followerId === ann.id && e.data.followingId === ben.id;
      const created = (await socialOutbox(db.url, 'social.follow.created')).filter(ofEdge);
      const removed = (await socialOutbox(db.url, 'social.follow.removed')).filter(ofEdge);
      expect(created.map((e) => e.aggregateVersion)).toEqual([1, 3]);
      expect(removed.map((e) => e.aggregateVersion)).toEqual([2]);
    });
  });

  describe('private profiles and follow requests', () => {
    it('turns a follow of a private user into one pending request', async () => {
      await expect(
        social.client.call('follows.follow', { userId: alice.id, targetId: carol.id }, alice.caller),
      ).resolves.toEqual({ status: 'requested' });
      await expect(
        social.client.call('follows.follow', { userId: alice.id, targetId: carol.id }, alice.caller),
      ).resolves.toEqual({ status: 'requested' });
      await expect(
        social.client.call('follows.status', { userId: alice.id, targetId: carol.id }, alice.caller),
      ).resolves.toEqual({ isFollowing: false, status: 'requested' });
      expect(await followEdges(alice.id, carol.id)).toBe(0);
      const requested = (await socialOutbox(db.url, 'social.follow.requested')).filter(
        (e) => e.data.requesterId === alice.id && e.data.recipientId === carol.id,
      );
      expect(requested).toHaveLength(1);
      expect(requested[0]!.data.createdAt).toEqual(expect.any(String));
    });

    it("hides a private user's lists from everyone but the owner and followers; counts stay public", async () => {
      for (const pattern of ['follows.followers', 'follows.following'] as const) {
        await expect(social.client.call(pattern, { userId: carol.id })).rejects.toMatchObject({
          status: 403,
          message: 'This account is private',
        });
        // A pending request is not an approved follow.
        await expect(social.client.call(pattern, { userId: carol.id }, alice.caller)).rejects.toMatchObject({
          status: 403,
          message: 'This account is private',
        });
        await expect(social.client.call(pattern, { userId: carol.id }, carol.caller)).resolves.toEqual([]);
      }
      await expect(social.client.call('follows.followersCount', { userId: carol.id })).resolves.toEqual({
        count: 0,
      });
      await expect(social.client.call('follows.followingCount', { userId: carol.id })).resolves.toEqual({
        count: 0,
      });
      await expect(social.client.call('follows.followersCount', { userId: 987654 })).rejects.toMatchObject({
        status: 404,
        message: 'User not found',
      });
      await expect(social.client.call('follows.followers', { userId: 987654 })).rejects.toMatchObject({
        status: 404,
      });
    });

    it('lists pending requests to their recipient only', async () => {
      const requests = await social.client.call('requests.list', { userId: carol.id }, carol.caller);
      expect(requests).toEqual([
        {
          id: expect.any(Number),
          requesterId: alice.id,
          recipientId: carol.id,
          createdAt: expect.any(String),
          requester: {
            id: alice.id,
            username: alice.username,
            name: 'Alice Adams',
            profilePicture: null,
            profileImage: null,
            isPrivate: false,
          },
        },
      ]);
      await expect(
        social.client.call('requests.list', { userId: carol.id }, alice.caller),
      ).rejects.toMatchObject({ status: 403, message: 'You can only act for yourself' });
      await expect(social.client.call('requests.list', { userId: carol.id })).rejects.toMatchObject({
        status: 401,
      });
    });

    it('accepts a request into a follow; a second accept finds nothing (404)', async () => {
      await expect(
        social.client.call('requests.accept', { userId: carol.id, requesterId: alice.id }, alice.caller),
      ).rejects.toMatchObject({ status: 403 });
      await expect(
        social.client.call('requests.accept', { userId: carol.id, requesterId: alice.id }),
      ).rejects.toMatchObject({ status: 401 });
      await expect(
        social.client.call('requests.accept', { userId: carol.id, requesterId: alice.id }, carol.caller),
      ).resolves.toEqual({ status: 'accepted', followBack: null });
      await expect(
        social.client.call('requests.accept', { userId: carol.id, requesterId: alice.id }, carol.caller),
      ).rejects.toMatchObject({
        status: 404,
        message: 'Follow request not found',
      });
      await expect(
        social.client.call('requests.accept', { userId: carol.id, requesterId: bob.id }, carol.caller),
      ).rejects.toMatchObject({ status: 404, message: 'Follow request not found' });
      await expect(
        social.client.call('follows.status', { userId: alice.id, targetId: carol.id }, alice.caller),
      ).resolves.toEqual({ isFollowing: true, status: 'following' });
      await expect(social.client.call('requests.list', { userId: carol.id }, carol.caller)).resolves.toEqual(
        [],
      );
      const created = (await socialOutbox(db.url, 'social.follow.created')).filter(
        (e) => e.data.followerId === alice.id && e.data.followingId === carol.id,
      );
      expect(created).toHaveLength(1);

      // An approved follower sees the private lists now; others still do not.
      await expect(
        social.client.call('follows.followers', { userId: carol.id }, alice.caller),
      ).resolves.toEqual([
        {
          id: alice.id,
          username: alice.username,
          name: 'Alice Adams',
          profilePicture: null,
          isPrivate: false,
        },
      ]);
      await expect(
        social.client.call('follows.followers', { userId: carol.id }, bob.caller),
      ).rejects.toMatchObject({ status: 403 });
      await expect(social.client.call('follows.followersCount', { userId: carol.id })).resolves.toEqual({
        count: 1,
      });
    });

    it('accepts and follows back: at once for a public requester, as a request for a private one', async () => {
      await expect(
        social.client.call('follows.follow', { userId: dave.id, targetId: carol.id }, dave.caller),
      ).resolves.toEqual({ status: 'requested' });
      await expect(
        social.client.call(
          'requests.accept',
          { userId: carol.id, requesterId: dave.id, followBack: true },
          carol.caller,
        ),
      ).resolves.toEqual({
        status: 'accepted',
        followBack: { status: 'following' },
      });
      expect(await followEdges(dave.id, carol.id)).toBe(1);
      expect(await followEdges(carol.id, dave.id)).toBe(1);

      await expect(
        social.client.call('follows.follow', { userId: erin.id, targetId: carol.id }, erin.caller),
      ).resolves.toEqual({ status: 'requested' });
      await expect(
        social.client.call(
          'requests.accept',
          { userId: carol.id, requesterId: erin.id, followBack: true },
          carol.caller,
        ),
      ).resolves.toEqual({
        status: 'accepted',
        followBack: { status: 'requested' },
      });
      await expect(
        social.client.call('follows.status', { userId: carol.id, targetId: erin.id }, carol.caller),
      ).resolves.toEqual({ isFollowing: false, status: 'requested' });
      await expect(social.client.call('requests.list', { userId: erin.id }, erin.caller)).resolves.toEqual([
        expect.objectContaining({ requesterId: carol.id }),
      ]);
      expect(
        (
          await rawCall(
            social.service.url,
            'requests.accept',
            JSON.stringify({ userId: carol.id, requesterId: erin.id, followBack: 'yes' }),
            carol.caller,
          )
        ).status,
      ).toBe(400);
    });

    it('rejects (deletes) a request; a second reject finds nothing', async () => {
      await social.client.call('follows.follow', { userId: bob.id, targetId: erin.id }, bob.caller);
      await expect(
        social.client.call('requests.reject', { userId: erin.id, requesterId: bob.id }, bob.caller),
      ).rejects.toMatchObject({ status: 403 });
      await expect(
        social.client.call('requests.reject', { userId: erin.id, requesterId: bob.id }, erin.caller),
      ).resolves.toEqual({ message: 'Follow request deleted' });
      await expect(
        social.client.call('requests.reject', { userId: erin.id, requesterId: bob.id }, erin.caller),
      ).rejects.toMatchObject({ status: 404, message: 'Follow request not found' });
      await expect(
        social.client.call('follows.status', { userId: bob.id, targetId: erin.id }, bob.caller),
      ).resolves.toEqual({ isFollowing: false, status: 'not_following' });
      expect(await followEdges(bob.id, erin.id)).toBe(0);
    });

    it('withdraws a pending request with unfollow', async () => {
      await expect(
        social.client.call('follows.follow', { userId: bob.id, targetId: erin.id }, bob.caller),
      ).resolves.toEqual({ status: 'requested' });
      await expect(
        social.client.call('follows.unfollow', { userId: bob.id, targetId: erin.id }, bob.caller),
      ).resolves.toEqual({ status: 'not_following' });
      const pending = await social.client.call('requests.list', { userId: erin.id }, erin.caller);
      expect(pending.map((r) => r.requesterId)).toEqual([carol.id]);
    });
  });

  describe('lists and counts', () => {
    it('lists newest first with paging, and counts equal the lists', async () => {
      const target = await registerAndProject({ name: 'Popular Person' });
      const fans = [alice, bob, dave];
      for (const fan of fans) {
        await social.client.call('follows.follow', { userId: fan.id, targetId: target.id }, fan.caller);
        await social.client.call('follows.follow', { userId: target.id, targetId: fan.id }, target.caller);
      }
      const followers = await social.client.call('follows.followers', { userId: target.id });
      expect(followers.map((u) => u.id)).toEqual([dave.id, bob.id, alice.id]);
      expect(followers[0]).toEqual({
        id: dave.id,
        username: dave.username,
        name: 'David Diaz',
        profilePicture: null,
        isPrivate: false,
      });
      await expect(
        social.client.call('follows.followers', { userId: target.id, limit: 2 }),
      ).resolves.toHaveLength(2);
      await expect(
        social.client.call('follows.followers', { userId: target.id, limit: 2, offset: 2 }),
      ).resolves.toEqual([expect.objectContaining({ id: alice.id })]);
      await expect(
        social.client.call('follows.followers', { userId: target.id, limit: 1000 }),
      ).resolves.toHaveLength(3);
      expect(
        (
          await rawCall(
            social.service.url,
            'follows.followers',
            JSON.stringify({ userId: target.id, limit: 'many' }),
          )
        ).status,
      ).toBe(400);
      const following = await social.client.call('follows.following', { userId: target.id }, bob.caller);
      expect(following.map((u) => u.id)).toEqual([dave.id, bob.id, alice.id]);

      for (const user of [target, alice, bob, carol, dave, erin]) {
        const [followersOf, followingOf] = await Promise.all([
          social.client.call('follows.followers', { userId: user.id }, user.caller),
          social.client.call('follows.following', { userId: user.id }, user.caller),
        ]);
        await expect(social.client.call('follows.followersCount', { userId: user.id })).resolves.toEqual({
          count: followersOf.length,
        });
        await expect(social.client.call('follows.followingCount', { userId: user.id })).resolves.toEqual({
          count: followingOf.length,
        });
      }
    });

    it('pages by cursor: newest first, nothing skipped or repeated when follows change between pages', async () => {
      const star = await registerAndProject({ name: 'Cursor Star' });
      const fans = [alice, bob, carol, dave, erin];
      for (const fan of fans)
        await social.client.call('follows.follow', { userId: fan.id, targetId: star.id }, fan.caller);

      const first = await social.client.call('follows.followersPage', { userId: star.id, limit: 2 });
      expect(first.items.map((u) => u.id)).toEqual([erin.id, dave.id]);
      expect(first.items[0]).toEqual({
        id: erin.id,
        username: erin.username,
        name: 'Erin Evans',
        profilePicture: null,
        isPrivate: true,
      });
      expect(first.nextCursor).toEqual(expect.any(String));

      // dave (already seen) leaves: offset 2 would now skip carol; the cursor does not.
      await social.client.call('follows.unfollow', { userId: dave.id, targetId: star.id }, dave.caller);
      await expect(
        social.client.call('follows.followers', { userId: star.id, limit: 2, offset: 2 }),
      ).resolves.toEqual([
        expect.objectContaining({ id: bob.id }),
        expect.objectContaining({ id: alice.id }),
      ]);
      const second = await social.client.call('follows.followersPage', {
        userId: star.id,
        limit: 2,
        cursor: first.nextCursor!,
      });
      expect(second.items.map((u) => u.id)).toEqual([carol.id, bob.id]);
      const third = await social.client.call('follows.followersPage', {
        userId: star.id,
        limit: 2,
        cursor: second.nextCursor!,
      });
      expect(third).toEqual({ items: [expect.objectContaining({ id: alice.id })], nextCursor: null });

      // The other direction, and the default page size (50) ends at once.
      await expect(
        social.client.call('follows.followingPage', { userId: alice.id }, alice.caller),
      ).resolves.toMatchObject({ nextCursor: null });
      const following = await social.client.call(
        'follows.followingPage',
        { userId: erin.id, limit: 1 },
        erin.caller,
      );
      expect(following.items.map((u) => u.id)).toEqual([star.id]);
    });

    it('breaks cursor ties on equal times by id, to the microsecond', async () => {
      const twin = await registerAndProject({ name: 'Tie Breaker' });
      const fans = [alice, bob, carol, dave];
      for (const fan of fans)
        await social.client.call('follows.follow', { userId: fan.id, targetId: twin.id }, fan.caller);
      // Follows made in one statement (requests accepted when turning public) share created_at.
      await query(db.url, `UPDATE social.follows SET created_at = $2 WHERE following_id = $1`, [
        twin.id,
        '2025-03-04T05:06:07.123456Z',
      ]);
      await query(
        db.url,
        `UPDATE social.follows SET created_at = $2 WHERE following_id = $1 AND follower_id = $3`,
        [twin.id, '2025-03-04T05:06:07.123457Z', alice.id],
      );
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const answer = await social.client.call('follows.followersPage', {
          userId: twin.id,
          limit: 1,
          cursor,
        });
        seen.push(...answer.items.map((u) => u.id));
        if (answer.nextCursor === null) break;
        cursor = answer.nextCursor;
      }
      // alice is a microsecond newer; the rest share a time and come by follow id, newest first.
      expect(seen).toEqual([alice.id, dave.id, carol.id, bob.id]);
    });

    it('reads a deep page from the (user, created_at, id) index: as many rows as the page, not the depth', async () => {
      const idol = await registerAndProject({ name: 'Deep Idol' });
      const FANS = 3000;
      const FIRST_FAN = 600_001;
      await query(
        db.url,
        `INSERT INTO social.users (id, username, name, profile_synced_at)
         SELECT $1::int + i, 'fan_' || i, 'Fan ' || i, now() FROM generate_series(0, $2::int - 1) i`,
        [FIRST_FAN, FANS],
      );
      await query(
        db.url,
        `INSERT INTO social.follows (follower_id, following_id, created_at)
         SELECT $1::int + i, $3::int, now() - make_interval(secs => i) FROM generate_series(0, $2::int - 1) i`,
        [FIRST_FAN, FANS, idol.id],
      );
      await query(db.url, 'VACUUM ANALYZE social.follows');
      await query(db.url, 'VACUUM ANALYZE social.users');

      // Walk to a page deep in the list (the newest follow is fan 0).
      let cursor: string | undefined;
      for (let page = 0; page < 25; page++) {
        const answer = await social.client.call('follows.followersPage', {
          userId: idol.id,
          limit: 100,
          cursor,
        });
        expect(answer.items[0]!.id).toBe(FIRST_FAN + page * 100);
        cursor = answer.nextCursor!;
      }
      const [sql, params] = followPageQuery('followers', idol.id, {
        limit: 100,
        after: decodeFollowCursor(cursor!),
      });
      const nodes = await explainPlan(db.url, sql, params);
      const followScans = nodes.filter((n) => n['Relation Name'] === 'follows');
      expect(followScans).toEqual([
        expect.objectContaining({
          'Node Type': 'Index Scan',
          'Index Name': 'follows_following_created_id_idx',
        }),
      ]);
      // Page 26 of 30 reads 101 follows (one more tells a next page exists), not 2,600.
      expect(followScans[0]!['Actual Rows'] * followScans[0]!['Actual Loops']).toBe(101);
      for (const node of nodes.filter((n) => /Scan/.test(n['Node Type'])))
        expect(node['Actual Rows'] * node['Actual Loops']).toBeLessThanOrEqual(101);
    });

    it('refuses a cursor it did not make (400) and keeps private lists private', async () => {
      for (const cursor of ['nope!', 'Zm9v', 12]) {
        const response = await rawCall(
          social.service.url,
          'follows.followersPage',
          JSON.stringify({ userId: alice.id, cursor }),
        );
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          statusCode: 400,
          error: 'Bad Request',
          message: expect.any(String),
        });
      }
      await expect(
        social.client.call('follows.followersPage', { userId: alice.id, cursor: 'Zm9v' }),
      ).rejects.toMatchObject({ status: 400, message: 'cursor is not valid' });
      await expect(
        social.client.call('follows.followingPage', { userId: erin.id }, bob.caller),
      ).rejects.toMatchObject({
        status: 403,
        message: 'This account is private',
      });
      await expect(social.client.call('follows.followersPage', { userId: 987654 })).rejects.toMatchObject({
        status: 404,
      });
    });

    it('shows the names identity publishes later', async () => {
      await identity.client.call('users.update', { id: bob.id, name: 'Robert Brown' }, bob.caller);
      await eventually(async () => {
        const following = await social.client.call('follows.following', { userId: alice.id }, alice.caller);
        return following.some((u) => u.id === bob.id && u.name === 'Robert Brown');
      });
    });
  });

  describe('turning public', () => {
    it('accepts every pending request when the user turns public in identity', async () => {
      const frank = await registerAndProject({ name: 'Frank Fox', isPrivate: true });
      for (const fan of [alice, bob, dave]) {
        await expect(
          social.client.call('follows.follow', { userId: fan.id, targetId: frank.id }, fan.caller),
        ).resolves.toEqual({ status: 'requested' });
      }
      await social.client.call('requests.reject', { userId: frank.id, requesterId: dave.id }, frank.caller);
      await expect(
        identity.client.call('users.togglePrivacy', { id: frank.id }, frank.caller),
      ).resolves.toMatchObject({ isPrivate: false });

      await eventually(
        async () => (await social.client.call('follows.followersCount', { userId: frank.id })).count === 2,
      );
      await expect(social.client.call('requests.list', { userId: frank.id }, frank.caller)).resolves.toEqual(
        [],
      );
      const followers = await social.client.call('follows.followers', { userId: frank.id });
      expect(followers.map((u) => u.id).sort()).toEqual([alice.id, bob.id].sort());
      await expect(
        social.client.call('follows.status', { userId: dave.id, targetId: frank.id }, dave.caller),
      ).resolves.toEqual({ isFollowing: false, status: 'not_following' });
      const created = (await socialOutbox(db.url, 'social.follow.created')).filter(
        (e) => e.data.followingId === frank.id,
      );
      expect(created.map((e) => e.data.followerId).sort()).toEqual([alice.id, bob.id].sort());
      // Public now: a new follow is immediate.
      await expect(
        social.client.call('follows.follow', { userId: dave.id, targetId: frank.id }, dave.caller),
      ).resolves.toEqual({ status: 'following' });

      // Private again: new followers ask again; existing follows stay.
      await identity.client.call('users.update', { id: frank.id, isPrivate: true }, frank.caller);
      await waitForProjection(db.url, frank.id, (r) => r.is_private);
      await expect(
        social.client.call('follows.follow', { userId: erin.id, targetId: frank.id }, erin.caller),
      ).resolves.toEqual({ status: 'requested' });
      await expect(social.client.call('follows.followersCount', { userId: frank.id })).resolves.toEqual({
        count: 3,
      });
    });
  });

  it('answers /health', async () => {
    const response = await fetch(`${social.service.url}/health`);
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toMatchObject({
      status: 'ok',
      database: 'up',
      broker: 'up',
      events: { parked: 0 },
    });
    // /rpc needs the internal token; /health does not.
    const forged = await fetch(`${social.service.url}/rpc/follows.followersCount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"userId":1}',
    });
    expect(forged.status).toBe(401);
  });
});

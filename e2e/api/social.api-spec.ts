import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  BlockedUserDto,
  CountResponse,
  CurrentUserDto,
  FollowRequestDto,
  FollowUserDto,
  FriendRecommendationDto,
  IsFollowingResponse,
  RegisterRequest,
} from '@dinebuds/contracts';
import { TEST_AMQP_URL, createTestDatabase, eventually } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import {
  createTestVhost,
  removeDataDir,
  startAllInOneSystem,
  startDistributedSystem,
  type TestSystem,
} from '../support/system.js';

const PASSWORD = 'Secret#123';
const ACT_FOR_YOURSELF = 'You can only act for yourself';

/** A signed-in user of the system under test. */
interface Bud {
  id: number;
  username: string;
  client: ApiClient;
}

/**
 * The social-graph API contract (docs/api-social.md) through the gateway, run against a system
 * started by `start`. social-graph learns users from identity's events, so every new user is
 * awaited there (its follower count answers 200) before it acts.
 */
function describeSocialApi(mode: string, start: () => Promise<TestSystem>): void {
  describe(`social-graph API through the gateway (${mode})`, () => {
    let system: TestSystem;
    let anonymous: ApiClient;

    beforeAll(async () => {
      system = await start();
      anonymous = new ApiClient(system.baseUrl);
    }, 120_000);

    afterAll(async () => {
      await system?.stop();
    });

    async function bud(prefix: string, extra: Partial<RegisterRequest> = {}): Promise<Bud> {
      const client = new ApiClient(system.baseUrl);
      const username = uniqueUsername(prefix);
      const res = await client.post<CurrentUserDto>('/api/register', {
        username,
        password: PASSWORD,
        name: `${prefix} tester`,
        ...extra,
      });
      expect(res.status).toBe(201);
      const id = res.body.id;
      await eventually(
        async () => (await anonymous.get(`/api/users/${id}/followers/count`)).status === 200,
        20_000,
        50,
      );
      return { id, username, client };
    }

    const ids = (list: { id: number }[]) => list.map((u) => u.id);

    async function followersOf(id: number, viewer = anonymous): Promise<FollowUserDto[]> {
      const res = await viewer.get<FollowUserDto[]>(`/api/users/${id}/followers`);
      expect(res.status).toBe(200);
      return res.body;
    }

    async function followingOf(id: number, viewer = anonymous): Promise<FollowUserDto[]> {
      const res = await viewer.get<FollowUserDto[]>(`/api/users/${id}/following`);
      expect(res.status).toBe(200);
      return res.body;
    }

    async function countOf(id: number, list: 'followers' | 'following'): Promise<number> {
      const res = await anonymous.get<CountResponse>(`/api/users/${id}/${list}/count`);
      expect(res.status).toBe(200);
      return res.body.count;
    }

    /** Counts always equal the lengths of the lists (read by someone allowed to see them). */
    async function expectCountsMatchLists(user: Bud): Promise<void> {
      expect(await countOf(user.id, 'followers')).toBe((await followersOf(user.id, user.client)).length);
      expect(await countOf(user.id, 'following')).toBe((await followingOf(user.id, user.client)).length);
    }

    async function statusOf(from: Bud, to: Bud): Promise<IsFollowingResponse> {
      const res = await from.client.get<IsFollowingResponse>(`/api/users/${from.id}/is-following/${to.id}`);
      expect(res.status).toBe(200);
      return res.body;
    }

    const follow = (from: Bud, to: Bud) =>
      from.client.post<{ status: string }>(`/api/users/${from.id}/follow/${to.id}`);
    const unfollow = (from: Bud, to: Bud) =>
      from.client.post<{ status: string }>(`/api/users/${from.id}/unfollow/${to.id}`);

    async function requestsOf(owner: Bud): Promise<FollowRequestDto[]> {
      const res = await owner.client.get<FollowRequestDto[]>(`/api/users/${owner.id}/follow-requests`);
      expect(res.status).toBe(200);
      return res.body;
    }

    async function blockedBy(user: Bud): Promise<BlockedUserDto[]> {
      const res = await user.client.get<BlockedUserDto[]>('/api/users/blocked');
      expect(res.status).toBe(200);
      return res.body;
    }

    async function recommendationsFor(user: Bud): Promise<FriendRecommendationDto[]> {
      const res = await user.client.get<FriendRecommendationDto[]>('/api/users/recommended?limit=50');
      expect(res.status).toBe(200);
      return res.body;
    }

    it('follows a public user at once, idempotently, and lists and counts agree', async () => {
      const alice = await bud('alice');
      const bob = await bud('bob');

      const first = await follow(alice, bob);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ status: 'following' });
      expect((await follow(alice, bob)).body).toEqual({ status: 'following' });
      expect(await statusOf(alice, bob)).toEqual({ isFollowing: true, status: 'following' });
      expect(await statusOf(bob, alice)).toEqual({ isFollowing: false, status: 'not_following' });

      const followers = await followersOf(bob.id);
      expect(followers).toEqual([
        {
          id: alice.id,
          username: alice.username,
          name: 'alice tester',
          profilePicture: null,
          isPrivate: false,
        },
      ]);
      expect(JSON.stringify(followers)).not.toMatch(/password|hash/i);
      expect(ids(await followingOf(alice.id))).toEqual([bob.id]);
      expect(await countOf(bob.id, 'followers')).toBe(1);
      expect(await countOf(alice.id, 'following')).toBe(1);

      // The spec 2 form: the follower is the signed-in user.
      const back = await bob.client.post<{ status: string }>(`/api/users/${alice.id}/follow`);
      expect(back.status).toBe(200);
      expect(back.body).toEqual({ status: 'following' });
      expect(ids(await followersOf(alice.id))).toEqual([bob.id]);
      await expectCountsMatchLists(alice);
      await expectCountsMatchLists(bob);
    });

    it('refuses to follow yourself, bad ids and unknown users', async () => {
      const alice = await bud('self');
      const self = await follow(alice, alice);
      expect(self.status).toBe(400);
      expect(self.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
      expect((await alice.client.post(`/api/users/${alice.id}/follow`)).status).toBe(400);
      expect(await countOf(alice.id, 'following')).toBe(0);

      for (const [method, path] of [
        ['POST', `/api/users/${alice.id}/follow/abc`],
        ['POST', `/api/users/abc/follow/${alice.id}`],
        ['POST', '/api/users/0/follow'],
        ['POST', `/api/users/${alice.id}/unfollow/1.5`],
        ['POST', `/api/users/${alice.id}/accept-request/-1`],
        ['POST', `/api/users/${alice.id}/reject-request/1e3`],
        ['GET', `/api/users/${alice.id}/is-following/0x10`],
        ['GET', '/api/users/abc/follow-requests'],
        ['GET', '/api/users/abc/followers'],
        ['GET', '/api/users/abc/following'],
        ['GET', '/api/users/abc/followers/count'],
        ['GET', '/api/users/99999999999/following/count'],
        ['DELETE', '/api/users/block/abc'],
      ]) {
        const res = await alice.client.request<{ message: string }>(method, path);
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 400 });
        expect(res.body.message).toMatch(/must be a positive integer/);
      }

      const unknown = 999_999_999;
      for (const [method, path] of [
        ['POST', `/api/users/${alice.id}/follow/${unknown}`],
        ['POST', `/api/users/${unknown}/follow`],
        ['GET', `/api/users/${alice.id}/is-following/${unknown}`],
        ['GET', `/api/users/${unknown}/followers`],
        ['GET', `/api/users/${unknown}/following`],
        ['GET', `/api/users/${unknown}/followers/count`],
        ['GET', `/api/users/${unknown}/following/count`],
      ]) {
        const res = await alice.client.request<{ message: string }>(method, path);
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
        expect(res.body.message).toBe('User not found');
      }
      expect((await alice.client.post('/api/users/block', { blockedId: unknown })).status).toBe(404);
    });

    it('lets only {id} act for {id} (403) and asks anonymous callers to sign in (401)', async () => {
      const owner = await bud('owner');
      const other = await bud('other');
      const acting: [string, string][] = [
        ['GET', `/api/users/${owner.id}/is-following/${other.id}`],
        ['POST', `/api/users/${owner.id}/follow/${other.id}`],
        ['POST', `/api/users/${owner.id}/unfollow/${other.id}`],
        ['POST', `/api/users/${owner.id}/accept-request/${other.id}`],
        ['POST', `/api/users/${owner.id}/reject-request/${other.id}`],
        ['GET', `/api/users/${owner.id}/follow-requests`],
      ];
      for (const [method, path] of acting) {
        const asOther = await other.client.request<{ message: string }>(method, path);
        expect({ method, path, status: asOther.status, message: asOther.body.message }).toEqual({
          method,
          path,
          status: 403,
          message: ACT_FOR_YOURSELF,
        });
      }
      const signedIn: [string, string, unknown?][] = [
        ...acting,
        ['POST', `/api/users/${other.id}/follow`],
        ['POST', '/api/users/block', { blockedId: other.id }],
        ['POST', '/api/users/unblock', { blockedId: other.id }],
        ['DELETE', `/api/users/block/${other.id}`],
        ['GET', '/api/users/blocked'],
        ['GET', '/api/users/recommended'],
      ];
      for (const [method, path, body] of signedIn) {
        const res = await anonymous.request<{ message: string }>(method, path, body);
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
      }
      // Nothing happened on the owner's behalf.
      expect(await statusOf(owner, other)).toEqual({ isFollowing: false, status: 'not_following' });
      expect(await blockedBy(other)).toEqual([]);

      // Public lists and every count answer anyone.
      for (const path of [
        `/api/users/${owner.id}/followers`,
        `/api/users/${owner.id}/following`,
        `/api/users/${owner.id}/followers/count`,
        `/api/users/${owner.id}/following/count`,
      ]) {
        expect({ path, status: (await anonymous.get(path)).status }).toEqual({ path, status: 200 });
        expect({ path, status: (await other.client.get(path)).status }).toEqual({ path, status: 200 });
        expect({ path, status: (await owner.client.get(path)).status }).toEqual({ path, status: 200 });
      }
    });

    it('asks a private user; the owner lists requests and accepts (with or without followBack) or rejects', async () => {
      const carol = await bud('carol', { isPrivate: true });
      const alice = await bud('alice');
      const bob = await bud('bob');
      const dave = await bud('dave');

      for (const requester of [alice, bob, dave]) {
        const res = await follow(requester, carol);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'requested' });
      }
      expect((await follow(alice, carol)).body).toEqual({ status: 'requested' });
      expect(await statusOf(alice, carol)).toEqual({ isFollowing: false, status: 'requested' });

      const pending = await requestsOf(carol);
      expect(pending.map((r) => r.requesterId)).toEqual([dave.id, bob.id, alice.id]);
      expect(pending[2]).toMatchObject({
        recipientId: carol.id,
        createdAt: expect.any(String),
        requester: { id: alice.id, username: alice.username, profileImage: null },
      });
      // Requests are not follows, and a private user's lists are hidden from non-followers.
      expect(await countOf(carol.id, 'followers')).toBe(0);
      for (const viewer of [anonymous, alice.client]) {
        for (const list of ['followers', 'following']) {
          const res = await viewer.get<{ message: string }>(`/api/users/${carol.id}/${list}`);
          expect(res.status).toBe(403);
          expect(res.body.message).toBe('This account is private');
        }
      }

      const accepted = await carol.client.post(`/api/users/${carol.id}/accept-request/${alice.id}`);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toEqual({ status: 'accepted', followBack: null });
      expect(await statusOf(alice, carol)).toEqual({ isFollowing: true, status: 'following' });
      expect(await statusOf(carol, alice)).toEqual({ isFollowing: false, status: 'not_following' });
      // An approved follower sees the lists.
      expect(ids(await followersOf(carol.id, alice.client))).toEqual([alice.id]);

      const followedBack = await carol.client.post(`/api/users/${carol.id}/accept-request/${bob.id}`, {
        followBack: true,
      });
      expect(followedBack.status).toBe(200);
      expect(followedBack.body).toEqual({ status: 'accepted', followBack: { status: 'following' } });
      expect(await statusOf(carol, bob)).toEqual({ isFollowing: true, status: 'following' });
      expect(ids(await followersOf(bob.id))).toEqual([carol.id]);

      const badBody = await carol.client.post(`/api/users/${carol.id}/accept-request/${dave.id}`, {
        followBack: 'yes',
      });
      expect(badBody.status).toBe(400);
      const rejected = await carol.client.post<{ message: string }>(
        `/api/users/${carol.id}/reject-request/${dave.id}`,
      );
      expect(rejected.status).toBe(200);
      expect(typeof rejected.body.message).toBe('string');
      expect(await statusOf(dave, carol)).toEqual({ isFollowing: false, status: 'not_following' });
      expect(await requestsOf(carol)).toEqual([]);
      expect((await carol.client.post(`/api/users/${carol.id}/reject-request/${dave.id}`)).status).toBe(404);
      expect((await carol.client.post(`/api/users/${carol.id}/accept-request/${dave.id}`)).status).toBe(404);

      expect(ids(await followersOf(carol.id, carol.client)).sort()).toEqual([alice.id, bob.id].sort());
      expect(await countOf(carol.id, 'followers')).toBe(2);
      await expectCountsMatchLists(carol);
      await expectCountsMatchLists(bob);
      // Still hidden from someone who is not an approved follower.
      expect((await dave.client.get(`/api/users/${carol.id}/followers`)).status).toBe(403);
    });

    it('unfollows, and unfollowing a private user cancels the pending request', async () => {
      const erin = await bud('erin', { isPrivate: true });
      const frank = await bud('frank');
      const gina = await bud('gina');

      expect((await follow(frank, erin)).body).toEqual({ status: 'requested' });
      const cancelled = await unfollow(frank, erin);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toEqual({ status: 'not_following' });
      expect(await statusOf(frank, erin)).toEqual({ isFollowing: false, status: 'not_following' });
      expect(await requestsOf(erin)).toEqual([]);

      expect((await follow(frank, gina)).body).toEqual({ status: 'following' });
      expect(await countOf(gina.id, 'followers')).toBe(1);
      expect((await unfollow(frank, gina)).body).toEqual({ status: 'not_following' });
      expect(await countOf(gina.id, 'followers')).toBe(0);
      expect(await followersOf(gina.id)).toEqual([]);
      // Nothing left to undo is fine too.
      expect((await unfollow(frank, gina)).status).toBe(200);
      await expectCountsMatchLists(frank);
    });

    it('accepts pending requests when a private user turns public', async () => {
      const hana = await bud('hana', { isPrivate: true });
      const ivan = await bud('ivan');
      const jill = await bud('jill');
      expect((await follow(ivan, hana)).body).toEqual({ status: 'requested' });
      expect((await follow(jill, hana)).body).toEqual({ status: 'requested' });

      const toggled = await hana.client.post<{ isPrivate: boolean }>(`/api/users/${hana.id}/toggle-privacy`);
      expect(toggled.status).toBe(200);
      expect(toggled.body.isPrivate).toBe(false);

      // social-graph hears of the change from identity's event.
      const followers = await eventually(
        async () => {
          const res = await anonymous.get<FollowUserDto[]>(`/api/users/${hana.id}/followers`);
          return res.status === 200 && res.body.length === 2 ? res.body : null;
        },
        20_000,
        100,
      );
      expect(ids(followers).sort()).toEqual([ivan.id, jill.id].sort());
      expect(await statusOf(ivan, hana)).toEqual({ isFollowing: true, status: 'following' });
      expect(await requestsOf(hana)).toEqual([]);
      expect(await countOf(hana.id, 'followers')).toBe(2);
      // Public now: a new follower follows at once.
      const kim = await bud('kim');
      expect((await follow(kim, hana)).body).toEqual({ status: 'following' });
      await expectCountsMatchLists(hana);
    });

    it('blocks: ends follows both ways, stops re-following, lists, and unblocks in both forms', async () => {
      const lena = await bud('lena');
      const mo = await bud('mo');
      expect((await follow(lena, mo)).body).toEqual({ status: 'following' });
      expect((await follow(mo, lena)).body).toEqual({ status: 'following' });

      const blocked = await lena.client.post<BlockedUserDto>('/api/users/block', { blockedId: mo.id });
      expect(blocked.status).toBe(200);
      expect(blocked.body).toMatchObject({
        blockerId: lena.id,
        blockedId: mo.id,
        createdAt: expect.any(String),
        user: { id: mo.id, username: mo.username },
      });
      // Blocking again is harmless.
      expect((await lena.client.post('/api/users/block', { blockedId: mo.id })).status).toBe(200);

      expect(await followersOf(lena.id)).toEqual([]);
      expect(await followingOf(lena.id)).toEqual([]);
      expect(await followersOf(mo.id)).toEqual([]);
      expect(await followingOf(mo.id)).toEqual([]);
      await expectCountsMatchLists(lena);
      await expectCountsMatchLists(mo);
      expect(await statusOf(mo, lena)).toEqual({ isFollowing: false, status: 'not_following' });

      expect((await follow(mo, lena)).status).toBe(403);
      expect((await mo.client.post(`/api/users/${lena.id}/follow`)).status).toBe(403);
      expect((await follow(lena, mo)).status).toBe(403);
      expect(await countOf(lena.id, 'followers')).toBe(0);

      expect((await blockedBy(lena)).map((b) => b.blockedId)).toEqual([mo.id]);
      expect(await blockedBy(mo)).toEqual([]);

      for (const [body, message] of [
        [{}, 'blockedId is required'],
        [{ blockedId: 'abc' }, 'blockedId must be a positive integer'],
        [{ blockedId: 0 }, 'blockedId must be a positive integer'],
        [{ blockedId: 2.5 }, 'blockedId must be a positive integer'],
      ] as const) {
        const res = await lena.client.post<{ message: string }>('/api/users/block', body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({
          body,
          status: 400,
          message,
        });
      }
      expect((await lena.client.post('/api/users/block', { blockedId: lena.id })).status).toBe(400);

      const unblocked = await lena.client.post<{ message: string }>('/api/users/unblock', {
        blockedId: mo.id,
      });
      expect(unblocked.status).toBe(200);
      expect(typeof unblocked.body.message).toBe('string');
      expect(await blockedBy(lena)).toEqual([]);
      expect((await follow(mo, lena)).body).toEqual({ status: 'following' });

      expect((await lena.client.post('/api/users/block', { blockedId: mo.id })).status).toBe(200);
      expect(await statusOf(mo, lena)).toEqual({ isFollowing: false, status: 'not_following' });
      const removed = await lena.client.delete<{ message: string }>(`/api/users/block/${mo.id}`);
      expect(removed.status).toBe(200);
      expect(typeof removed.body.message).toBe('string');
      expect(await blockedBy(lena)).toEqual([]);
      expect((await follow(lena, mo)).body).toEqual({ status: 'following' });
    });

    it('blocking drops pending follow requests both ways', async () => {
      const nia = await bud('nia', { isPrivate: true });
      const otto = await bud('otto');
      expect((await follow(otto, nia)).body).toEqual({ status: 'requested' });
      expect((await nia.client.post('/api/users/block', { blockedId: otto.id })).status).toBe(200);
      expect(await requestsOf(nia)).toEqual([]);
      expect(await statusOf(otto, nia)).toEqual({ isFollowing: false, status: 'not_following' });
      expect((await follow(otto, nia)).status).toBe(403);
    });

    it('recommends buds followed by your buds, and buds sharing your flavors, with reasons', async () => {
      const ana = await bud('ana');
      const ben = await bud('ben');
      const cy = await bud('cy');
      expect((await follow(ana, ben)).body).toEqual({ status: 'following' });
      expect((await follow(ben, cy)).body).toEqual({ status: 'following' });

      const forAna = await eventually(
        async () => {
          const list = await recommendationsFor(ana);
          return list.some((r) => r.user.id === cy.id) ? list : null;
        },
        10_000,
        100,
      );
      const viaBen = forAna.find((r) => r.user.id === cy.id)!;
      expect(viaBen).toMatchObject({
        reason: 'followed_by_buds',
        mutualBuds: 1,
        reasonText: expect.any(String),
        user: { id: cy.id, username: cy.username },
      });
      expect(viaBen.reasonText).toContain('1');
      // Never yourself or someone you already follow.
      expect(ids(forAna.map((r) => r.user))).not.toContain(ana.id);
      expect(ids(forAna.map((r) => r.user))).not.toContain(ben.id);

      // Shared flavors from registration (a combination no other test user picks).
      const flavors = ['keto', 'sober', 'luxury'];
      const fay = await bud('fay', { flavorBuds: flavors });
      const gus = await bud('gus', { flavorBuds: ['luxury', 'keto', 'spicy'] });
      const forFay = await eventually(
        async () => {
          const list = await recommendationsFor(fay);
          return list.find((r) => r.user.id === gus.id) ?? null;
        },
        10_000,
        100,
      );
      expect(forFay).toMatchObject({ reason: 'shared_flavors', mutualBuds: 0 });
      expect([...forFay.sharedFlavors].sort()).toEqual(['keto', 'luxury']);
      expect(forFay.reasonText).toMatch(/keto/i);
      expect(forFay.reasonText).toMatch(/luxury/i);

      // A blocked user is never recommended.
      expect((await fay.client.post('/api/users/block', { blockedId: gus.id })).status).toBe(200);
      expect(ids((await recommendationsFor(fay)).map((r) => r.user))).not.toContain(gus.id);
      expect(ids((await recommendationsFor(gus)).map((r) => r.user))).not.toContain(fay.id);

      const limited = await ana.client.get<FriendRecommendationDto[]>('/api/users/recommended?limit=1');
      expect(limited.status).toBe(200);
      expect(limited.body.length).toBeLessThanOrEqual(1);
      expect((await ana.client.get('/api/users/recommended?limit=0')).status).toBe(400);
      expect((await anonymous.get('/api/users/recommended')).status).toBe(401);
    });

    it('keeps the static routes apart from /api/users/{id} and documents the social routes', async () => {
      const pat = await bud('pat');
      expect((await pat.client.get('/api/users/blocked')).status).toBe(200);
      expect((await pat.client.get('/api/users/recommended')).status).toBe(200);
      expect((await pat.client.get(`/api/users/by-username/${pat.username}`)).status).toBe(200);
      const health = await anonymous.get<{ status: string; details: Record<string, unknown> }>('/api/health');
      expect(health.status).toBe(200);
      expect(Object.keys(health.body.details)).toEqual(expect.arrayContaining(['identity', 'social-graph']));
      const docs = await anonymous.get<{ paths: Record<string, unknown> }>('/api/docs-json');
      expect(Object.keys(docs.body.paths)).toEqual(
        expect.arrayContaining([
          '/api/users/{id}/follow/{targetId}',
          '/api/users/{id}/followers/count',
          '/api/users/blocked',
          '/api/users/recommended',
        ]),
      );
    });
  });
}

// npm start's mode: one process, embedded PostgreSQL, in-process event bus.
describeSocialApi('all-in-one', async () => {
  const system = await startAllInOneSystem();
  return {
    baseUrl: system.baseUrl,
    stop: async () => {
      await system.stop();
      removeDataDir(system.dataDir);
    },
  };
});

// Distributed mode: identity, social-graph and the gateway as separate processes on real
// PostgreSQL and RabbitMQ (a virtual host of its own, so no other system shares its queues).
describeSocialApi('distributed', async () => {
  const database = await createTestDatabase('api_social');
  const vhost = createTestVhost(TEST_AMQP_URL, 'api_social');
  try {
    const system = await startDistributedSystem({ databaseUrl: database.url, amqpUrl: vhost.url });
    return {
      baseUrl: system.baseUrl,
      stop: async () => {
        await system.stop();
        await database.drop();
        vhost.drop();
      },
    };
  } catch (error) {
    await database.drop();
    vhost.drop();
    throw error;
  }
});

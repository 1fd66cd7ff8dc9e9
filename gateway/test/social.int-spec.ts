import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  startGatewayOnServices,
  startGatewayWithServiceDown,
  type GatewayOnServices,
  type GatewayUnderTest,
} from './support/gateway-under-test.js';
import { api, NOT_AUTHENTICATED, PASSWORD, sessionCookie } from './support/http.js';
import { useRealServices, waitForSocialUser } from './support/real-services.js';
import type { RecordingRelay } from './support/recording-relay.js';

// The gateway in front of the real identity and social-graph services (real PostgreSQL, one
// in-process bus): social-graph learns each user from identity's events, as in production.
const real = useRealServices('gateway_social');

const ACT_FOR_YOURSELF = { statusCode: 403, message: 'You can only act for yourself', error: 'Forbidden' };

describe('gateway social routes against the identity and social-graph services', () => {
  let system: GatewayOnServices;
  let identity: RecordingRelay;
  let social: RecordingRelay;
  let url: string;
  const users: Record<'alice' | 'bob' | 'carol', { id: number; cookie: string }> = {} as never;

  const callsNow = () => social.calls.length;
  const callsSince = (mark: number) => social.calls.slice(mark);

  beforeAll(async () => {
    system = await startGatewayOnServices(real(), { rateLimitAuthPerMinute: 1000 });
    ({ identity, social, url } = system);
    for (const [name, isPrivate] of [
      ['alice', false],
      ['bob', false],
      ['carol', true],
    ] as const) {
      // A shared flavor, so social-graph has a reason to recommend them to each other.
      const registered = await api(url, '/api/register', {
        method: 'POST',
        json: { username: name, password: PASSWORD, name, isPrivate, flavorBuds: ['Sushi'] },
      });
      expect(registered.status).toBe(201);
      users[name] = { id: registered.body.id, cookie: sessionCookie(registered.setCookies) };
    }
    // Registration writes a generated bio; alice clears hers (the recommendation card shows it).
    const cleared = await api(url, `/api/users/${users.alice.id}`, {
      method: 'PATCH',
      cookie: users.alice.cookie,
      json: { bio: null },
    });
    expect(cleared.status).toBe(200);
    // social-graph learns each user from identity's user.registered event, a moment later.
    for (const name of ['alice', 'bob', 'carol'] as const)
      await waitForSocialUser(real(), users[name].id, (row) => name !== 'alice' || row.bio === null);
  });

  afterAll(async () => {
    await system?.close();
  });

  describe('follows', () => {
    it('follows for yourself: forwards the pattern, {id} and the caller, relays the answer', async () => {
      const { alice, bob } = users;
      const res = await api(url, `/api/users/${alice.id}/follow/${bob.id}`, {
        method: 'POST',
        cookie: alice.cookie,
        headers: { 'x-request-id': 'req-follow-1' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'following' });
      const call = social.callsTo('follows.follow').at(-1)!;
      expect(call.body).toEqual({ userId: alice.id, targetId: bob.id });
      expect(call.caller).toEqual({ userId: alice.id, isAdmin: false, sessionId: expect.any(String) });

      const status = await api(url, `/api/users/${alice.id}/is-following/${bob.id}`, {
        cookie: alice.cookie,
      });
      expect(status.status).toBe(200);
      expect(status.body).toEqual({ isFollowing: true, status: 'following' });
      expect(social.callsTo('follows.status').at(-1)!.body).toEqual({
        userId: alice.id,
        targetId: bob.id,
      });
    });

    it("follows as the caller with the spec 2 form, 'requested' for a private user", async () => {
      const { bob, carol } = users;
      const res = await api(url, `/api/users/${carol.id}/follow`, { method: 'POST', cookie: bob.cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'requested' });
      expect(social.callsTo('follows.follow').at(-1)!.body).toEqual({
        userId: bob.id,
        targetId: carol.id,
      });
    });

    it('relays the service rules: self-follow 400, unknown user 404, private lists 403', async () => {
      const { alice, bob, carol } = users;
      const self = await api(url, `/api/users/${alice.id}/follow/${alice.id}`, {
        method: 'POST',
        cookie: alice.cookie,
      });
      expect(self.status).toBe(400);
      expect(self.body).toMatchObject({
        statusCode: 400,
        message: 'You cannot follow yourself',
        error: 'Bad Request',
      });
      const unknown = await api(url, `/api/users/${alice.id}/follow/999`, {
        method: 'POST',
        cookie: alice.cookie,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ statusCode: 404, message: 'User not found', error: 'Not Found' });
      const hidden = await api(url, `/api/users/${carol.id}/followers`, { cookie: bob.cookie });
      expect(hidden.status).toBe(403);
      expect(hidden.body).toMatchObject({
        statusCode: 403,
        message: 'This account is private',
        error: 'Forbidden',
      });
    });

    it('unfollows for yourself', async () => {
      const { bob, carol } = users;
      const res = await api(url, `/api/users/${bob.id}/unfollow/${carol.id}`, {
        method: 'POST',
        cookie: bob.cookie,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'not_following' });
      expect(social.callsTo('follows.unfollow').at(-1)!.body).toEqual({
        userId: bob.id,
        targetId: carol.id,
      });
    });

    it('reads lists with the caller when signed in, and anonymously, forwarding the page', async () => {
      const { alice, bob } = users;
      const signedIn = await api(url, `/api/users/${bob.id}/followers?limit=500&offset=0`, {
        cookie: alice.cookie,
      });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.map((u: { id: number }) => u.id)).toEqual([alice.id]);
      const call = social.callsTo('follows.followers').at(-1)!;
      expect(call.body).toEqual({ userId: bob.id, limit: 100, offset: 0 });
      expect(call.caller?.userId).toBe(alice.id);

      const anonymous = await api(url, `/api/users/${alice.id}/following`);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.map((u: { id: number }) => u.id)).toEqual([bob.id]);
      const anonymousCall = social.callsTo('follows.following').at(-1)!;
      expect(anonymousCall.body).toEqual({ userId: alice.id });
      expect(anonymousCall.caller).toBeNull();

      const badPage = await api(url, `/api/users/${alice.id}/followers?limit=abc`);
      expect(badPage.status).toBe(400);
      expect(badPage.body.message).toBe('limit must be an integer between 1 and 100');
      const badOffset = await api(url, `/api/users/${alice.id}/following?offset=-1`);
      expect(badOffset.body.message).toBe('offset must be a non-negative integer');
    });

    it('answers counts to anyone without consulting the session', async () => {
      const { alice, bob, carol } = users;
      const resolvesBefore = identity.callsTo('sessions.resolve').length;
      const followers = await api(url, `/api/users/${bob.id}/followers/count`, { cookie: alice.cookie });
      expect(followers.status).toBe(200);
      expect(followers.body).toEqual({ count: 1 });
      const following = await api(url, `/api/users/${alice.id}/following/count`);
      expect(following.body).toEqual({ count: 1 });
      const privateCount = await api(url, `/api/users/${carol.id}/followers/count`);
      expect(privateCount.status).toBe(200);
      expect(social.callsTo('follows.followersCount').at(-1)).toMatchObject({
        body: { userId: carol.id },
        caller: null,
      });
      expect(identity.callsTo('sessions.resolve').length).toBe(resolvesBefore);
    });
  });

  describe('follow requests', () => {
    it('lists, accepts (with and without followBack) and rejects, for yourself only', async () => {
      const { alice, bob, carol } = users;
      for (const requester of [alice, bob]) {
        const res = await api(url, `/api/users/${requester.id}/follow/${carol.id}`, {
          method: 'POST',
          cookie: requester.cookie,
        });
        expect(res.body).toEqual({ status: 'requested' });
      }
      const list = await api(url, `/api/users/${carol.id}/follow-requests`, { cookie: carol.cookie });
      expect(list.status).toBe(200);
      expect(list.body.map((r: { requesterId: number }) => r.requesterId).sort()).toEqual(
        [alice.id, bob.id].sort(),
      );
      expect(list.body[0].requester).toHaveProperty('profileImage');

      const plain = await api(url, `/api/users/${carol.id}/accept-request/${alice.id}`, {
        method: 'POST',
        cookie: carol.cookie,
      });
      expect(plain.status).toBe(200);
      expect(plain.body).toEqual({ status: 'accepted', followBack: null });
      expect(social.callsTo('requests.accept').at(-1)!.body).toEqual({
        userId: carol.id,
        requesterId: alice.id,
      });

      const bad = await api(url, `/api/users/${carol.id}/accept-request/${bob.id}`, {
        method: 'POST',
        cookie: carol.cookie,
        json: { followBack: 'yes' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('followBack must be true or false');

      const back = await api(url, `/api/users/${carol.id}/accept-request/${bob.id}`, {
        method: 'POST',
        cookie: carol.cookie,
        json: { followBack: true },
      });
      expect(back.status).toBe(200);
      expect(back.body).toEqual({ status: 'accepted', followBack: { status: 'following' } });
      expect(social.callsTo('requests.accept').at(-1)!.body).toEqual({
        userId: carol.id,
        requesterId: bob.id,
        followBack: true,
      });

      await api(url, `/api/users/${alice.id}/unfollow/${carol.id}`, { method: 'POST', cookie: alice.cookie });
      await api(url, `/api/users/${alice.id}/follow/${carol.id}`, { method: 'POST', cookie: alice.cookie });
      const reject = await api(url, `/api/users/${carol.id}/reject-request/${alice.id}`, {
        method: 'POST',
        cookie: carol.cookie,
      });
      expect(reject.status).toBe(200);
      // social-graph's own answer (the former fake said 'Follow request rejected').
      expect(reject.body).toEqual({ message: 'Follow request deleted' });
      const again = await api(url, `/api/users/${carol.id}/reject-request/${alice.id}`, {
        method: 'POST',
        cookie: carol.cookie,
      });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('Follow request not found');
    });
  });

  describe('acting for {id}', () => {
    const actingRoutes = (id: number, other: number): [string, string][] => [
      ['GET', `/api/users/${id}/is-following/${other}`],
      ['POST', `/api/users/${id}/follow/${other}`],
      ['POST', `/api/users/${id}/unfollow/${other}`],
      ['POST', `/api/users/${id}/accept-request/${other}`],
      ['POST', `/api/users/${id}/reject-request/${other}`],
      ['GET', `/api/users/${id}/follow-requests`],
    ];

    it('answers 403 at the gateway when {id} is someone else, without calling social-graph', async () => {
      const { alice, bob } = users;
      const mark = callsNow();
      for (const [method, path] of actingRoutes(bob.id, alice.id)) {
        const res = await api(url, path, { method, cookie: alice.cookie });
        expect({ method, path, status: res.status, body: res.body }).toEqual({
          method,
          path,
          status: 403,
          body: ACT_FOR_YOURSELF,
        });
      }
      expect(callsSince(mark)).toEqual([]);
    });

    it('answers 401 without a session on every signed-in route, without calling social-graph', async () => {
      const { alice, bob } = users;
      const mark = callsNow();
      const routes: [string, string, unknown?][] = [
        ...actingRoutes(alice.id, bob.id),
        ['POST', `/api/users/${bob.id}/follow`],
        ['POST', '/api/users/block', { blockedId: bob.id }],
        ['POST', '/api/users/unblock', { blockedId: bob.id }],
        ['DELETE', `/api/users/block/${bob.id}`],
        ['GET', '/api/users/blocked'],
        ['GET', '/api/users/recommended'],
      ];
      for (const [method, path, json] of routes) {
        const res = await api(url, path, { method, json });
        expect({ method, path, status: res.status, body: res.body }).toEqual({
          method,
          path,
          status: 401,
          body: NOT_AUTHENTICATED,
        });
      }
      expect(callsSince(mark)).toEqual([]);
    });

    it.each([
      ['GET', '/api/users/abc/is-following/1', 'id'],
      ['GET', '/api/users/1/is-following/0', 'targetId'],
      ['POST', '/api/users/1e3/follow/2', 'id'],
      ['POST', '/api/users/1/follow/-2', 'targetId'],
      ['POST', '/api/users/0x10/follow', 'targetId'],
      ['POST', '/api/users/1/unfollow/1.5', 'targetId'],
      ['POST', '/api/users/1/accept-request/abc', 'requesterId'],
      ['POST', '/api/users/1/reject-request/99999999999', 'requesterId'],
      ['GET', '/api/users/x/follow-requests', 'id'],
      ['GET', '/api/users/x/followers', 'id'],
      ['GET', '/api/users/x/following', 'id'],
      ['GET', '/api/users/x/followers/count', 'id'],
      ['GET', '/api/users/x/following/count', 'id'],
      ['DELETE', '/api/users/block/abc', 'blockedId'],
    ])('%s %s -> 400 naming %s', async (method, path, name) => {
      const mark = callsNow();
      const res = await api(url, path, { method, cookie: users.alice.cookie });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: `${name} must be a positive integer`,
        error: 'Bad Request',
      });
      expect(callsSince(mark)).toEqual([]);
    });
  });

  describe('blocks and recommendations', () => {
    it('keeps /users/blocked, /recommended, /block and /unblock away from /users/:id', async () => {
      const { alice } = users;
      const getsBefore = identity.callsTo('users.get').length;
      expect((await api(url, '/api/users/blocked', { cookie: alice.cookie })).status).toBe(200);
      expect((await api(url, '/api/users/recommended', { cookie: alice.cookie })).status).toBe(200);
      expect(identity.callsTo('users.get').length).toBe(getsBefore);
      // Identity's static route still wins over /users/:id/followers.
      const byUsername = await api(url, '/api/users/by-username/followers');
      expect(byUsername.body.message).not.toBe('id must be a positive integer');
    });

    it('blocks, lists, unblocks (both forms) as the caller', async () => {
      const { alice, bob } = users;
      const block = await api(url, '/api/users/block', {
        method: 'POST',
        cookie: alice.cookie,
        json: { blockedId: bob.id },
      });
      expect(block.status).toBe(200);
      expect(block.body).toMatchObject({
        blockerId: alice.id,
        blockedId: bob.id,
        user: { id: bob.id, username: 'bob' },
      });
      expect(social.callsTo('blocks.block').at(-1)).toMatchObject({
        body: { blockedId: bob.id },
        caller: { userId: alice.id },
      });
      const refollow = await api(url, `/api/users/${bob.id}/follow/${alice.id}`, {
        method: 'POST',
        cookie: bob.cookie,
      });
      expect(refollow.status).toBe(403);

      const list = await api(url, '/api/users/blocked', { cookie: alice.cookie });
      expect(list.body.map((b: { blockedId: number }) => b.blockedId)).toEqual([bob.id]);
      expect(social.callsTo('blocks.list').at(-1)!.body).toEqual({});

      const unblock = await api(url, '/api/users/unblock', {
        method: 'POST',
        cookie: alice.cookie,
        json: { blockedId: bob.id },
      });
      expect(unblock.status).toBe(200);
      expect(unblock.body).toEqual({ message: 'User unblocked' });
      await api(url, '/api/users/block', {
        method: 'POST',
        cookie: alice.cookie,
        json: { blockedId: bob.id },
      });
      const remove = await api(url, `/api/users/block/${bob.id}`, { method: 'DELETE', cookie: alice.cookie });
      expect(remove.status).toBe(200);
      expect(remove.body).toEqual({ message: 'User unblocked' });
      expect(social.callsTo('blocks.unblock').at(-1)!.body).toEqual({ blockedId: bob.id });
      expect((await api(url, '/api/users/blocked', { cookie: alice.cookie })).body).toEqual([]);
    });

    it.each([
      [{}, 'blockedId is required'],
      [{ blockedId: 'abc' }, 'blockedId must be a positive integer'],
      [{ blockedId: '2' }, 'blockedId must be a positive integer'],
      [{ blockedId: 0 }, 'blockedId must be a positive integer'],
      [{ blockedId: 1.5 }, 'blockedId must be a positive integer'],
      [{ blockedId: 2, reason: 'spam' }, "Unexpected field 'reason'"],
      [[2], 'The request body must be a JSON object'],
    ])('block %j -> 400 %s', async (json, message) => {
      const mark = callsNow();
      for (const path of ['/api/users/block', '/api/users/unblock']) {
        const res = await api(url, path, { method: 'POST', cookie: users.alice.cookie, json });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
      }
      expect(callsSince(mark)).toEqual([]);
    });

    it('relays a self-block 400 and an unknown user 404', async () => {
      const { alice } = users;
      const self = await api(url, '/api/users/block', {
        method: 'POST',
        cookie: alice.cookie,
        json: { blockedId: alice.id },
      });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe('You cannot block yourself');
      const unknown = await api(url, '/api/users/block', {
        method: 'POST',
        cookie: alice.cookie,
        json: { blockedId: 999 },
      });
      expect(unknown.status).toBe(404);
    });

    it('recommends for the caller, forwarding a capped limit', async () => {
      const { alice, carol } = users;
      // Recommendations rest on the badges social-graph learns from identity.user.badges-changed.
      for (const user of [alice, carol])
        await waitForSocialUser(real(), user.id, (row) => row.flavor_badges.length > 0);
      const res = await api(url, '/api/users/recommended?limit=200', { cookie: carol.cookie });
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({
        reason: 'shared_flavors',
        reasonText: expect.any(String),
        user: { bio: null },
      });
      expect(social.callsTo('recommendations.list').at(-1)).toMatchObject({
        body: { limit: 50 },
        caller: { userId: carol.id },
      });
      await api(url, '/api/users/recommended', { cookie: carol.cookie });
      expect(social.callsTo('recommendations.list').at(-1)!.body).toEqual({});
      const bad = await api(url, '/api/users/recommended?limit=0', { cookie: carol.cookie });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('limit must be an integer between 1 and 50');
    });
  });

  it('documents every social route at /api/docs-json', async () => {
    const doc = await api(url, '/api/docs-json');
    const paths = doc.body.paths as Record<string, Record<string, unknown>>;
    const expected: [string, string][] = [
      ['/api/users/{id}/is-following/{targetId}', 'get'],
      ['/api/users/{id}/follow/{targetId}', 'post'],
      ['/api/users/{targetId}/follow', 'post'],
      ['/api/users/{id}/unfollow/{targetId}', 'post'],
      ['/api/users/{id}/accept-request/{requesterId}', 'post'],
      ['/api/users/{id}/reject-request/{requesterId}', 'post'],
      ['/api/users/{id}/follow-requests', 'get'],
      ['/api/users/{id}/followers', 'get'],
      ['/api/users/{id}/following', 'get'],
      ['/api/users/{id}/followers/count', 'get'],
      ['/api/users/{id}/following/count', 'get'],
      ['/api/users/block', 'post'],
      ['/api/users/unblock', 'post'],
      ['/api/users/block/{blockedId}', 'delete'],
      ['/api/users/blocked', 'get'],
      ['/api/users/recommended', 'get'],
    ];
    for (const [path, method] of expected)
      expect({ path, method, documented: Boolean(paths[path]?.[method]) }).toEqual({
        path,
        method,
        documented: true,
      });
    expect(Object.keys(doc.body.components.schemas)).toEqual(
      expect.arrayContaining([
        'BlockDto',
        'AcceptRequestDto',
        'FollowUserSchema',
        'FriendRecommendationSchema',
        'BlockedUserSchema',
      ]),
    );
  });
});

describe('gateway when social-graph is down', () => {
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    gateway = await startGatewayWithServiceDown(real(), 'socialGraph');
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('answers 503 for social routes and health, while identity routes still work', async () => {
    const count = await api(gateway.url, '/api/users/1/followers/count');
    expect(count.status).toBe(503);
    expect(count.body).toMatchObject({
      statusCode: 503,
      message: 'The social-graph service is unavailable',
      error: 'Service Unavailable',
    });
    const health = await api(gateway.url, '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({
      status: 'error',
      error: { 'social-graph': { status: 'down', message: 'The social-graph service is unavailable' } },
      info: { identity: { status: 'up' } },
    });
    expect((await api(gateway.url, '/api/users')).status).toBe(200);
  });
});

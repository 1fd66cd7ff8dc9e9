import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startGatewayOnServices, type GatewayOnServices } from './support/gateway-under-test.js';
import { api, PASSWORD, sessionCookie } from './support/http.js';
import { useRealServices, waitForSocialUser } from './support/real-services.js';
import type { RecordingRelay } from './support/recording-relay.js';

// Keyset paging of follower lists through the gateway: the spec's body (an array) is unchanged;
// the next page's cursor travels in X-Next-Cursor.
const real = useRealServices('gateway_cursor');

describe('follower lists by cursor', () => {
  let system: GatewayOnServices;
  let social: RecordingRelay;
  let url: string;
  const users: Record<'alice' | 'bob' | 'carol', { id: number; cookie: string }> = {} as never;

  beforeAll(async () => {
    system = await startGatewayOnServices(real(), { rateLimitAuthPerMinute: 1000 });
    ({ social, url } = system);
    for (const name of ['alice', 'bob', 'carol'] as const) {
      const registered = await api(url, '/api/register', {
        method: 'POST',
        json: { username: name, password: PASSWORD, name },
      });
      expect(registered.status).toBe(201);
      users[name] = { id: registered.body.id, cookie: sessionCookie(registered.setCookies) };
    }
    for (const name of ['alice', 'bob', 'carol'] as const) await waitForSocialUser(real(), users[name].id);
  });

  afterAll(async () => {
    await system?.close();
  });

  it('pages lists by cursor: same body, the next cursor in X-Next-Cursor', async () => {
    const { alice, bob, carol } = users;
    for (const fan of [alice, bob])
      await api(url, `/api/users/${fan.id}/follow/${carol.id}`, { method: 'POST', cookie: fan.cookie });

    const first = await api(url, `/api/users/${carol.id}/followers?cursor=&limit=1`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual([
      { id: bob.id, username: 'bob', name: 'bob', profilePicture: null, isPrivate: false },
    ]);
    const next = first.headers.get('x-next-cursor');
    expect(next).toEqual(expect.any(String));
    expect(social.callsTo('follows.followersPage').at(-1)!.body).toEqual({ userId: carol.id, limit: 1 });

    const second = await api(url, `/api/users/${carol.id}/followers?limit=1&cursor=${next}`);
    expect(second.body.map((u: { id: number }) => u.id)).toEqual([alice.id]);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect(social.callsTo('follows.followersPage').at(-1)!.body).toEqual({
      userId: carol.id,
      limit: 1,
      cursor: next,
    });

    const following = await api(url, `/api/users/${alice.id}/following?cursor=`);
    expect(following.body.map((u: { id: number }) => u.id)).toEqual([carol.id]);
    expect(following.headers.get('x-next-cursor')).toBeNull();

    // Without cursor nothing changes: offset paging, no header.
    const plain = await api(url, `/api/users/${carol.id}/followers?limit=1`);
    expect(plain.headers.get('x-next-cursor')).toBeNull();
    expect(social.callsTo('follows.followers').at(-1)!.body).toEqual({ userId: carol.id, limit: 1 });

    for (const [query, message] of [
      ['cursor=abc&offset=1', 'Use either cursor or offset, not both'],
      ['cursor=not%20valid', 'cursor is not valid'],
      ['cursor=Zm9v', 'cursor is not valid'],
      [`cursor=${'x'.repeat(65)}`, 'cursor is not valid'],
    ]) {
      const bad = await api(url, `/api/users/${carol.id}/followers?${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ statusCode: 400, message, error: 'Bad Request' });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startDatabaseOutage } from './support/database-outage.js';
import {
  startGatewayOnServices,
  startGatewayWithServiceDown,
  type GatewayOnServices,
  type GatewayUnderTest,
} from './support/gateway-under-test.js';
import { api, NOT_AUTHENTICATED, PASSWORD, sessionCookie, TINY_PNG } from './support/http.js';
import { useRealServices, waitUntilHealthy } from './support/real-services.js';
import type { RecordingRelay } from './support/recording-relay.js';

// The gateway in front of the real identity and social-graph services (real PostgreSQL, one
// in-process bus), started once for this file; each describe puts its own gateway in front.
const real = useRealServices('gateway_int');

const NOT_FOUND = { statusCode: 404, message: 'Not found', error: 'Not Found' };

describe('gateway against the identity service', () => {
  let system: GatewayOnServices;
  let identity: RecordingRelay;
  let url: string;
  let aliceCookie: string;
  let aliceId: number;
  /** Registered by the first test: another user than alice. */
  let bobId: number;

  beforeAll(async () => {
    system = await startGatewayOnServices(real(), { rateLimitAuthPerMinute: 1000 });
    ({ identity, url } = system);
    const registered = await api(url, '/api/register', {
      method: 'POST',
      json: {
        username: 'alice',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        name: 'Alice',
        flavorBuds: ['Sushi'],
        cityBuds: ['new york'],
      },
    });
    expect(registered.status).toBe(201);
    aliceCookie = sessionCookie(registered.setCookies);
    aliceId = registered.body.id;
  });

  afterAll(async () => {
    await system?.close();
  });

  describe('sessions', () => {
    it('registers: 201, the user, an HttpOnly Lax cookie for 30 days; confirmPassword stays at the edge', async () => {
      const res = await api(url, '/api/register', {
        method: 'POST',
        json: { username: 'bob', password: PASSWORD, name: 'Bob' },
        headers: { 'user-agent': 'jest-agent' },
      });
      expect(res.status).toBe(201);
      bobId = res.body.id;
      expect(res.body).toMatchObject({ username: 'bob', name: 'Bob' });
      expect(res.body).not.toHaveProperty('password');
      const cookie = res.setCookies.find((c) => c.startsWith('dinebuds_sid='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/Max-Age=2592000/);
      expect(cookie).not.toMatch(/Secure/i);
      const call = identity.callsTo('auth.register').at(-1)!;
      expect(call.body).toMatchObject({
        username: 'bob',
        userAgent: 'jest-agent',
        ipAddress: expect.stringMatching(/127\.0\.0\.1/),
      });
      expect(identity.callsTo('auth.register')[0].body).not.toHaveProperty('confirmPassword');
      expect(identity.callsTo('auth.register')[0].body).toMatchObject({
        flavorBuds: ['sushi'],
        cityBuds: ['new york'],
      });
    });

    it('relays 409 for a taken username', async () => {
      const res = await api(url, '/api/register', {
        method: 'POST',
        json: { username: 'alice', password: PASSWORD, name: 'Alice Again' },
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        statusCode: 409,
        message: 'Username already exists',
        error: 'Conflict',
      });
    });

    it('logs in (200 + cookie) and the cookie signs /api/user with the caller and the request id', async () => {
      const login = await api(url, '/api/login', {
        method: 'POST',
        json: { username: 'alice', password: PASSWORD },
        headers: { 'x-request-id': 'req-login-1' },
      });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ id: aliceId, username: 'alice' });
      expect(identity.callsTo('auth.login').at(-1)!.requestId).toBe('req-login-1');
      const cookie = sessionCookie(login.setCookies);

      const me = await api(url, '/api/user', { cookie, headers: { 'x-request-id': 'req-me-1' } });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: aliceId, username: 'alice' });
      expect(me.headers.get('x-request-id')).toBe('req-me-1');
      // One call: the session's resolve answers the user too, with the request id.
      const call = identity.callsTo('sessions.resolve').at(-1)!;
      expect(call.requestId).toBe('req-me-1');
      expect(identity.callsTo('users.me')).toHaveLength(0);
    });

    it('answers 401 without a cookie, and clears a cookie identity does not know', async () => {
      const none = await api(url, '/api/user');
      expect(none.status).toBe(401);
      expect(none.body).toEqual(NOT_AUTHENTICATED);
      const stale = await api(url, '/api/user', { cookie: 'dinebuds_sid=not-a-session' });
      expect(stale.status).toBe(401);
      expect(stale.body).toEqual(NOT_AUTHENTICATED);
      expect(
        stale.setCookies.some((c) => c.startsWith('dinebuds_sid=;') && /Expires=Thu, 01 Jan 1970/.test(c)),
      ).toBe(true);
    });

    it('relays wrong credentials as 401', async () => {
      const res = await api(url, '/api/login', {
        method: 'POST',
        json: { username: 'alice', password: 'wrong-password' },
      });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        statusCode: 401,
        message: 'Invalid username or password',
        error: 'Unauthorized',
      });
    });

    it('logs out: clears the cookie and revokes the session', async () => {
      const login = await api(url, '/api/login', {
        method: 'POST',
        json: { username: 'alice', password: PASSWORD },
      });
      const cookie = sessionCookie(login.setCookies);
      const out = await api(url, '/api/logout', { method: 'POST', cookie });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ message: 'Logged out successfully' });
      expect(out.setCookies.some((c) => c.startsWith('dinebuds_sid=;'))).toBe(true);
      expect((await api(url, '/api/user', { cookie })).status).toBe(401);
      // Without a session it still succeeds.
      expect((await api(url, '/api/logout', { method: 'POST' })).status).toBe(200);
    });

    it('lists sessions and revoking the current one also clears the cookie', async () => {
      const login = await api(url, '/api/login', {
        method: 'POST',
        json: { username: 'alice', password: PASSWORD },
      });
      const cookie = sessionCookie(login.setCookies);
      const list = await api(url, '/api/user/sessions', { cookie });
      expect(list.status).toBe(200);
      const current = list.body.find((s: { current: boolean }) => s.current);
      expect(current).toBeDefined();
      expect((await api(url, '/api/user/sessions/bad%20id', { method: 'DELETE', cookie })).status).toBe(400);
      const revoke = await api(url, `/api/user/sessions/${current.id}`, { method: 'DELETE', cookie });
      expect(revoke.status).toBe(200);
      expect(revoke.body).toEqual({ message: 'Session revoked' });
      expect(revoke.setCookies.some((c) => c.startsWith('dinebuds_sid=;'))).toBe(true);
      expect((await api(url, '/api/user/sessions', { cookie })).status).toBe(401);
    });

    it('changes the password with a strong new one only', async () => {
      const weak = await api(url, '/api/user/password', {
        method: 'POST',
        cookie: aliceCookie,
        json: { currentPassword: PASSWORD, newPassword: 'abcdefg' },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toBe('Password too weak / Please create a stronger password.');
      const ok = await api(url, '/api/user/password', {
        method: 'POST',
        cookie: aliceCookie,
        json: { currentPassword: PASSWORD, newPassword: 'N3w#Secret' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: 'Password updated' });
    });
  });

  describe('request checks', () => {
    it.each([
      [{ username: 'ab', password: 'secret1' }, 'Username must be at least 3 characters'],
      [{ username: 'alice', password: '12345' }, 'Password must be at least 6 characters'],
      [{ password: 'secret1' }, 'Username is required'],
      [{ username: 42, password: 'secret1' }, 'Username must be a string'],
      [{ username: 'alice', password: 'secret1', admin: true }, "Unexpected field 'admin'"],
    ])('login %j -> 400 %s', async (json, message) => {
      const res = await api(url, '/api/login', { method: 'POST', json });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
    });

    it.each([
      [{ username: 'carol', password: PASSWORD, name: 'C' }, 'Name must be at least 2 characters'],
      [
        { username: 'carol', password: PASSWORD, confirmPassword: 'secret2', name: 'Carol' },
        "Passwords don't match",
      ],
      [
        { username: 'carol', password: PASSWORD, name: 'Carol', flavorBuds: ['a', 'b', 'c', 'd', 'e', 'f'] },
        'You can select up to 5 flavor preferences',
      ],
      [
        { username: 'carol', password: PASSWORD, name: 'Carol', flavorBuds: ['caviar'] },
        'Unknown flavor badge',
      ],
      [
        { username: 'carol', password: PASSWORD, name: 'Carol', cityBuds: ['a', 'b', 'c', 'd', 'e', 'f'] },
        'You can select up to 5 city preferences',
      ],
      [
        { username: 'carol', password: PASSWORD, name: 'Carol', isPrivate: 'yes' },
        'isPrivate must be true or false',
      ],
    ])('register %j -> 400 %s', async (json, message) => {
      const res = await api(url, '/api/register', { method: 'POST', json });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('answers a JSON array body with 400', async () => {
      const res = await api(url, '/api/login', { method: 'POST', json: [1, 2] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'The request body must be a JSON object',
        error: 'Bad Request',
      });
    });

    it('answers malformed JSON with 400', async () => {
      const res = await api(url, '/api/login', {
        method: 'POST',
        body: '{"username": "alice",',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'Malformed JSON in request body',
        error: 'Bad Request',
      });
    });

    it('answers an oversize body with 413', async () => {
      const res = await api(url, '/api/login', {
        method: 'POST',
        json: { username: 'alice', password: 'x'.repeat(1_100_000) },
      });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    });

    it.each(['abc', '0', '-1', '1e3', '0x10', '1.5', '99999999999'])(
      'answers /api/users/%s with 400',
      async (id) => {
        const res = await api(url, `/api/users/${id}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          message: 'id must be a positive integer',
          error: 'Bad Request',
        });
      },
    );

    it('answers bad paging with 400 and caps large pages at 100', async () => {
      expect((await api(url, '/api/users?limit=abc')).body.message).toBe(
        'limit must be an integer between 1 and 100',
      );
      expect((await api(url, '/api/users?limit=500&offset=0')).status).toBe(200);
      expect(identity.callsTo('users.list').at(-1)!.body).toEqual({ limit: 100, offset: 0 });
    });

    it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])(
      'answers %s on an unknown /api route with 404 JSON',
      async (method) => {
        const res = await api(url, '/api/no/such/route', { method });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      },
    );
  });

  describe('users and badges', () => {
    it('reads a user and relays 404', async () => {
      expect((await api(url, `/api/users/${aliceId}`)).body).toMatchObject({
        id: aliceId,
        username: 'alice',
      });
      const missing = await api(url, '/api/users/999');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ statusCode: 404, message: 'User not found', error: 'Not Found' });
    });

    it('updates only with a session, and relays the owner check', async () => {
      expect(
        (await api(url, `/api/users/${aliceId}`, { method: 'PATCH', json: { name: 'Alice L' } })).status,
      ).toBe(401);
      const bad = await api(url, `/api/users/${aliceId}`, {
        method: 'PATCH',
        cookie: aliceCookie,
        json: { name: 'A' },
      });
      expect(bad.body.message).toBe('Name must be at least 2 characters');
      const ok = await api(url, `/api/users/${aliceId}`, {
        method: 'PATCH',
        cookie: aliceCookie,
        json: { name: 'Alice L', bio: null },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ name: 'Alice L', bio: null });
      const other = await api(url, `/api/users/${bobId}`, {
        method: 'PATCH',
        cookie: aliceCookie,
        json: { name: 'Bobby' },
      });
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('You can only change your own profile');
    });

    it('sets flavor badges for yourself only, at most 5', async () => {
      const badges = [{ category: 'preference', badgeId: 'sushi' }];
      const ok = await api(url, '/api/users/flavor-badges', {
        method: 'POST',
        cookie: aliceCookie,
        json: { userId: aliceId, badges },
      });
      expect(ok.status).toBe(200);
      expect(ok.body[0]).toMatchObject({ badgeId: 'sushi', userId: aliceId });
      const other = await api(url, '/api/users/flavor-badges', {
        method: 'POST',
        cookie: aliceCookie,
        json: { userId: bobId, badges },
      });
      expect(other.status).toBe(403);
      const six = Array.from({ length: 6 }, () => badges[0]);
      const tooMany = await api(url, '/api/users/flavor-badges', {
        method: 'POST',
        cookie: aliceCookie,
        json: { userId: aliceId, badges: six },
      });
      expect(tooMany.body.message).toBe('You can only select up to 5 FlavorBuds');
      const unknown = await api(url, '/api/users/flavor-badges', {
        method: 'POST',
        cookie: aliceCookie,
        json: { userId: aliceId, badges: [{ category: 'preference', badgeId: 'caviar' }] },
      });
      expect(unknown.body.message).toBe('Unknown flavor badge');
      const anonymous = await api(url, '/api/users/flavor-badges', {
        method: 'POST',
        json: { userId: aliceId, badges },
      });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('profile pictures', () => {
    const upload = (
      bytes: Buffer<ArrayBuffer>,
      cookie?: string,
      field = 'profilePicture',
      filename = 'me.png',
    ) => {
      const form = new FormData();
      form.append(field, new Blob([bytes], { type: 'image/png' }), filename);
      return api(url, `/api/users/${aliceId}/profile-picture`, { method: 'POST', body: form, cookie });
    };

    it('accepts an image checked by content and serves it back with cache headers', async () => {
      const res = await upload(TINY_PNG, aliceCookie);
      expect(res.status).toBe(200);
      expect(res.body.profilePicture).toMatch(new RegExp(`^/api/users/${aliceId}/profile-picture\\?v=`));
      expect(identity.callsTo('users.setPicture').at(-1)!.body).toEqual({
        id: aliceId,
        contentType: 'image/png',
        dataBase64: TINY_PNG.toString('base64'),
      });

      const picture = await fetch(`${url}${res.body.profilePicture}`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/png');
      expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await picture.arrayBuffer())).toEqual(TINY_PNG);
      const etag = picture.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);

      const again = await fetch(`${url}/api/users/${aliceId}/profile-picture`, {
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      expect(again.headers.get('cache-control')).toBe('public, no-cache');
    });

    it('refuses what is not an image with 415, whatever it claims', async () => {
      const res = await upload(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        aliceCookie,
      );
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        statusCode: 415,
        message: 'Invalid file type / Please upload an image file',
        error: 'Unsupported Media Type',
      });
    });

    it('refuses more than 5 MB with 413', async () => {
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const res = await upload(big, aliceCookie);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        statusCode: 413,
        message: 'File too large / The maximum file size is 5MB',
        error: 'Payload Too Large',
      });
    });

    it('asks for a file when none is sent, and for a session first', async () => {
      const empty = await api(url, `/api/users/${aliceId}/profile-picture`, {
        method: 'POST',
        body: new FormData(),
        cookie: aliceCookie,
      });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Please choose an image to upload');
      const wrongField = await upload(TINY_PNG, aliceCookie, 'avatar');
      expect(wrongField.status).toBe(400);
      expect((await upload(TINY_PNG)).status).toBe(401);
    });

    it('relays 404 for a user without a picture', async () => {
      const res = await api(url, `/api/users/${bobId}/profile-picture`);
      expect(res.status).toBe(404);
    });
  });

  describe('gateway routes', () => {
    it('serves /api/env', async () => {
      const res = await api(url, '/api/env');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        mapsApiKey: '',
        mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
        mapAttribution: '© OpenStreetMap contributors',
        reservationUrlTemplate:
          'https://www.opentable.com/s?dateTime={date}T{time}&covers={partySize}&term={name}',
        productName: 'DineBuds',
      });
    });

    it('sets security headers allowing OpenStreetMap tiles', async () => {
      const res = await api(url, '/api/env');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain('https://*.tile.openstreetmap.org');
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-powered-by')).toBeNull();
    });

    it('reports health from each service: 200 when up, 503 with details when not', async () => {
      const up = await api(url, '/api/health');
      expect(up.status).toBe(200);
      expect(up.body).toMatchObject({
        status: 'ok',
        details: { identity: { status: 'up' }, 'social-graph': { status: 'up' } },
      });
      // A real outage: identity's own database refuses it, so identity's /health says 503.
      const identityOutage = await startDatabaseOutage(real().identityDb);
      try {
        const down = await api(url, '/api/health');
        expect(down.status).toBe(503);
        expect(down.body).toMatchObject({
          status: 'error',
          error: { identity: { status: 'down', report: { status: 'error' } } },
          info: { 'social-graph': { status: 'up' } },
        });
      } finally {
        await identityOutage.end();
        await waitUntilHealthy(real().identity.service.url);
      }
      const socialOutage = await startDatabaseOutage(real().socialDb);
      try {
        const down = await api(url, '/api/health');
        expect(down.status).toBe(503);
        expect(down.body).toMatchObject({
          status: 'error',
          error: { 'social-graph': { status: 'down', report: { status: 'error' } } },
          info: { identity: { status: 'up' } },
        });
      } finally {
        await socialOutage.end();
        await waitUntilHealthy(real().social.service.url);
      }
    });

    it('documents every route at /api/docs-json, with the UI at /api/docs', async () => {
      const doc = await api(url, '/api/docs-json');
      expect(doc.status).toBe(200);
      const paths = doc.body.paths as Record<string, Record<string, unknown>>;
      const expected: [string, string][] = [
        ['/api/user', 'get'],
        ['/api/login', 'post'],
        ['/api/register', 'post'],
        ['/api/logout', 'post'],
        ['/api/users', 'get'],
        ['/api/users/search', 'get'],
        ['/api/users/by-username/{username}', 'get'],
        ['/api/users/{id}', 'get'],
        ['/api/users/{id}', 'patch'],
        ['/api/users/{id}/toggle-privacy', 'post'],
        ['/api/users/{id}/profile-picture', 'post'],
        ['/api/users/{id}/profile-picture', 'get'],
        ['/api/users/{id}/flavor-badges', 'get'],
        ['/api/users/{id}/city-badges', 'get'],
        ['/api/users/flavor-badges', 'post'],
        ['/api/users/city-badges', 'post'],
        ['/api/user/sessions', 'get'],
        ['/api/user/sessions/{sessionId}', 'delete'],
        ['/api/user/password', 'post'],
        ['/api/env', 'get'],
        ['/api/health', 'get'],
      ];
      for (const [path, method] of expected) expect(paths[path]?.[method]).toBeDefined();
      expect(Object.keys(doc.body.components.schemas)).toEqual(
        expect.arrayContaining([
          'LoginDto',
          'RegisterDto',
          'UserSchema',
          'ErrorResponse',
          'SetCityBadgesDto',
        ]),
      );
      const ui = await fetch(`${url}/api/docs`);
      expect(ui.status).toBe(200);
      expect(await ui.text()).toContain('swagger');
    });
  });
});

describe('gateway rate limits', () => {
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    gateway = await startGatewayOnServices(real(), { rateLimitAuthPerMinute: 3, rateLimitPerMinute: 50 });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('answers 429 after N login attempts per IP, while other routes still work', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await api(gateway.url, '/api/login', {
        method: 'POST',
        json: { username: 'nobody', password: 'whatever' },
      });
      expect(res.status).toBe(401);
    }
    const limited = await api(gateway.url, '/api/login', {
      method: 'POST',
      json: { username: 'nobody', password: 'whatever' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      message: 'Too many attempts. Please try again in a minute.',
      error: 'Too Many Requests',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (
        await api(gateway.url, '/api/register', {
          method: 'POST',
          json: { username: 'dave', password: PASSWORD, name: 'Dave' },
        })
      ).status,
    ).toBe(429);
    expect((await api(gateway.url, '/api/env')).status).toBe(200);
  });

  it('limits every route at the general rate, except health', async () => {
    let last = 0;
    for (let i = 0; i < 60 && last !== 429; i++) last = (await api(gateway.url, '/api/env')).status;
    expect(last).toBe(429);
    expect((await api(gateway.url, '/api/health')).status).toBe(200);
  });
});

describe('gateway when identity is down', () => {
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    gateway = await startGatewayWithServiceDown(real(), 'identity');
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('answers 503 for identity routes and health, and still serves what needs no service', async () => {
    const users = await api(gateway.url, '/api/users');
    expect(users.status).toBe(503);
    expect(users.body).toMatchObject({
      statusCode: 503,
      message: 'The identity service is unavailable',
      error: 'Service Unavailable',
    });
    const withCookie = await api(gateway.url, '/api/user', { cookie: 'dinebuds_sid=some-token' });
    expect(withCookie.status).toBe(503);
    const health = await api(gateway.url, '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({
      status: 'error',
      error: { identity: { status: 'down', message: 'The identity service is unavailable' } },
      info: { 'social-graph': { status: 'up' } },
    });
    expect(JSON.stringify(health.body)).not.toContain('ECONNREFUSED');
    expect((await api(gateway.url, '/api/env')).status).toBe(200);
    expect((await api(gateway.url, '/api/user')).status).toBe(401);
  });
});

describe('gateway behind a proxy, over HTTPS', () => {
  let gateway: GatewayOnServices;
  let identity: RecordingRelay;

  beforeAll(async () => {
    gateway = await startGatewayOnServices(real(), {
      trustProxy: 1,
      cookieSecure: true,
      rateLimitAuthPerMinute: 1,
    });
    identity = gateway.identity;
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('marks the cookie Secure and sends HSTS', async () => {
    const res = await api(gateway.url, '/api/register', {
      method: 'POST',
      json: { username: 'erin', password: PASSWORD, name: 'Erin' },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(res.status).toBe(201);
    expect(res.setCookies.find((c) => c.startsWith('dinebuds_sid='))).toMatch(/; Secure/i);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(identity.callsTo('auth.register').at(-1)!.body).toMatchObject({ ipAddress: '198.51.100.7' });
  });

  it("counts attempts by the client's forwarded address", async () => {
    const attempt = (ip: string) =>
      api(gateway.url, '/api/login', {
        method: 'POST',
        json: { username: 'erin', password: 'wrong-one' },
        headers: { 'x-forwarded-for': ip },
      });
    expect((await attempt('203.0.113.1')).status).toBe(401);
    expect((await attempt('203.0.113.1')).status).toBe(429);
    expect((await attempt('203.0.113.2')).status).toBe(401);
    // Only the hop nearest to us is trusted: a spoofed left-most address changes nothing.
    expect((await attempt('10.9.9.9, 203.0.113.2')).status).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventBus, Listener } from '@dinebuds/events';
import { metricsText } from '@dinebuds/observability';
import { eventually } from '@dinebuds/testing';
import { startGatewayOnServices, type GatewayOnServices } from './support/gateway-under-test.js';
import { api, NOT_AUTHENTICATED, PASSWORD, sessionCookie } from './support/http.js';
import { useRealServices } from './support/real-services.js';

// Two gateways (two replicas) in front of the real identity, hearing its access-changed notices
// on the services' bus: a remembered session costs no call to identity, and every way a session
// ends reaches both at once.
const real = useRealServices('gateway_session_cache');

const STRONG = 'Another#Pass2026';

describe('session cache', () => {
  let a: GatewayOnServices;
  let b: GatewayOnServices;

  beforeAll(async () => {
    const options = { rateLimitAuthPerMinute: 1000, events: real().bus, sessionCacheTtlMs: 60_000 };
    a = await startGatewayOnServices(real(), options);
    b = await startGatewayOnServices(real(), options);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  let serial = 0;
  async function signUp(
    gateway: GatewayOnServices,
  ): Promise<{ id: number; cookie: string; username: string }> {
    const username = `cache_${process.pid}_${++serial}`;
    const res = await api(gateway.url, '/api/register', {
      method: 'POST',
      json: { username, password: PASSWORD, name: 'Cache User' },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id, cookie: sessionCookie(res.setCookies), username };
  }

  async function signIn(gateway: GatewayOnServices, username: string): Promise<string> {
    const res = await api(gateway.url, '/api/login', {
      method: 'POST',
      json: { username, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    return sessionCookie(res.setCookies);
  }

  const sessionCacheHits = (metrics: string) =>
    Number(/^dinebuds_session_cache_lookups_total\{result="hit"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);
  const sessionsOf = (gateway: GatewayOnServices, cookie: string) =>
    api(gateway.url, '/api/user/sessions', { cookie });
  const resolves = (gateway: GatewayOnServices) => gateway.identity.callsTo('sessions.resolve').length;

  it('asks identity once per session, then answers from memory', async () => {
    const user = await signUp(a);
    const before = resolves(b);
    const hitsBefore = sessionCacheHits(await metricsText());
    for (let i = 0; i < 3; i++) expect((await sessionsOf(b, user.cookie)).status).toBe(200);
    expect(resolves(b) - before).toBe(1);
    // The scrape counts them (summed over this process's two gateways; only b was asked).
    expect(sessionCacheHits(await metricsText()) - hitsBefore).toBe(2);
  });

  it('answers GET /api/user from identity even when the session is remembered', async () => {
    const user = await signUp(a);
    await sessionsOf(b, user.cookie);
    const me = b.identity.callsTo('users.me').length;
    const res = await api(b.url, '/api/user', { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username });
    expect(b.identity.callsTo('users.me').length).toBe(me + 1);
  });

  it('a sign-out on one gateway ends the session on both', async () => {
    const user = await signUp(a);
    expect((await sessionsOf(a, user.cookie)).status).toBe(200);
    expect((await sessionsOf(b, user.cookie)).status).toBe(200);
    expect((await api(a.url, '/api/logout', { method: 'POST', cookie: user.cookie })).status).toBe(200);
    // The gateway that signed out forgot at once; the other on identity's notice.
    expect((await sessionsOf(a, user.cookie)).body).toEqual(NOT_AUTHENTICATED);
    await eventually(async () => (await sessionsOf(b, user.cookie)).status === 401);
  });

  it("a password change ends the user's other sessions on both gateways, and only theirs", async () => {
    const user = await signUp(a);
    const other = await signIn(a, user.username);
    const stranger = await signUp(a);
    for (const cookie of [user.cookie, other, stranger.cookie])
      expect((await sessionsOf(b, cookie)).status).toBe(200);
    const changed = await api(a.url, '/api/user/password', {
      method: 'POST',
      cookie: user.cookie,
      json: { currentPassword: PASSWORD, newPassword: STRONG },
    });
    expect(changed.status).toBe(200);
    expect((await sessionsOf(a, other)).status).toBe(401);
    await eventually(async () => (await sessionsOf(b, other)).status === 401);
    expect((await sessionsOf(b, user.cookie)).status).toBe(200);
    expect((await sessionsOf(b, stranger.cookie)).status).toBe(200);
  });

  it('revoking a session in the Sessions tab ends it on both gateways', async () => {
    const user = await signUp(a);
    const phone = await signIn(a, user.username);
    expect((await sessionsOf(b, phone)).status).toBe(200);
    const listed = await sessionsOf(a, user.cookie);
    const phoneSession = (listed.body as Array<{ id: string; current: boolean }>).find((s) => !s.current)!;
    const revoked = await api(a.url, `/api/user/sessions/${phoneSession.id}`, {
      method: 'DELETE',
      cookie: user.cookie,
    });
    expect(revoked.status).toBe(200);
    expect((await sessionsOf(a, phone)).status).toBe(401);
    await eventually(async () => (await sessionsOf(b, phone)).status === 401);
  });
});

describe('session cache without notices', () => {
  let silent: GatewayOnServices;
  let deaf: GatewayOnServices;

  beforeAll(async () => {
    // A bus whose listener never gets going: the gateway cannot hear revocations, so remembers nothing.
    const neverLive: Listener = { live: false, generation: 0, cancel: async () => undefined };
    const deafBus = { listen: () => neverLive } as unknown as EventBus;
    silent = await startGatewayOnServices(real(), { rateLimitAuthPerMinute: 1000 });
    deaf = await startGatewayOnServices(real(), { rateLimitAuthPerMinute: 1000, events: deafBus });
  });

  afterAll(async () => {
    await silent?.close();
    await deaf?.close();
  });

  it.each([
    ['without an event bus', () => silent],
    ['while its listener is not live', () => deaf],
  ])('asks identity on every request %s', async (_name, gateway) => {
    const res = await api(gateway().url, '/api/register', {
      method: 'POST',
      json: { username: `nocache_${process.pid}_${_name.length}`, password: PASSWORD, name: 'No Cache' },
    });
    expect(res.status).toBe(201);
    const cookie = sessionCookie(res.setCookies);
    const before = gateway().identity.callsTo('sessions.resolve').length;
    for (let i = 0; i < 3; i++)
      expect((await api(gateway().url, '/api/user/sessions', { cookie })).status).toBe(200);
    expect(gateway().identity.callsTo('sessions.resolve').length - before).toBe(3);
  });
});

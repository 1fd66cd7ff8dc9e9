import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthResult, EventEnvelope } from '@dinebuds/contracts';
import {
  callerOf,
  createTestSystem,
  eventually,
  query,
  rawCall,
  registration,
  uniqueUsername,
  type TestDatabase,
  type TestSystem,
} from '@dinebuds/testing';
import { STRONG_PASSWORD, startTestIdentity, type TestIdentity } from './identity-test-kit.js';

describe('identity: registration, login and sessions', () => {
  let system: TestSystem;
  let db: TestDatabase;
  let identity: TestIdentity;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    system = await createTestSystem('identity_auth');
    db = system.db;
    // Bind a queue first: a topic exchange (and this bus) drops events nobody is bound to.
    await system.bus.subscribe({
      queue: 'test.identity-events',
      types: ['identity.user.registered', 'identity.user.updated', 'identity.user.access-changed'],
      handler: async (envelope) => {
        published.push(envelope as EventEnvelope);
      },
    });
    identity = await system.own(startTestIdentity(db.url, system.bus));
  });

  afterAll(async () => {
    await system?.close();
  });

  /** The access-changed notices published for the user (gateways forget their sessions on them). */
  const accessNotices = (userId: number) =>
    published
      .filter((e) => e.type === 'identity.user.access-changed')
      .map((e) => e.data)
      .filter((data) => (data as { userId: number }).userId === userId);

  describe('register', () => {
    it('creates the user, badges, a session and the registered event in one go', async () => {
      const username = uniqueUsername('Reg');
      const auth = await identity.client.call(
        'auth.register',
        registration({
          username,
          name: '  Ada   Lovelace ',
          flavorBuds: ['sushi', 'vegan', 'sushi'],
          cityBuds: ['  New York ', 'new york', 'Charlottesville'],
        }),
      );
      expect(auth.user).toMatchObject({
        username,
        name: 'Ada Lovelace',
        isAdmin: false,
        isPrivate: false,
        reviewCount: 0,
        profilePicture: null,
      });
      expect(auth.user.bio).toBe(
        'Food enthusiast with a passion for sushi and vegan, enjoying dining in New York and Charlottesville.',
      );
      expect(auth.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(auth)).not.toMatch(/argon2|password/i);

      const flavors = await identity.client.call('badges.listFlavor', { userId: auth.user.id });
      expect(flavors.map((b) => [b.badgeId, b.category])).toEqual([
        ['sushi', 'preference'],
        ['vegan', 'dietary'],
      ]);
      const cities = await identity.client.call('badges.listCity', { userId: auth.user.id });
      expect(cities.map((b) => [b.city, b.level, b.reviewCount])).toEqual([
        ['new york', 'bronze', 0],
        ['charlottesville', 'bronze', 0],
      ]);

      // Only the hash of the cookie secret is stored.
      const sessions = await query<{ token_hash: string }>(
        db.url,
        'SELECT token_hash FROM identity.sessions WHERE user_id = $1',
        [auth.user.id],
      );
      expect(sessions).toHaveLength(1);
      expect(sessions[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(sessions[0].token_hash).not.toContain(auth.sessionToken);

      const [stored] = await query<{ password_hash: string }>(
        db.url,
        'SELECT password_hash FROM identity.users WHERE id = $1',
        [auth.user.id],
      );
      // PHC string; argon2 libraries order the parameters differently, the values are what count.
      expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(stored.password_hash.split('$')[3].split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);

      const outbox = await query<{ type: string; payload: EventEnvelope<'identity.user.registered'> }>(
        db.url,
        `SELECT type, payload FROM identity.outbox WHERE payload->'data'->>'userId' = $1 ORDER BY seq`,
        [String(auth.user.id)],
      );
      expect(outbox.map((row) => row.type)).toEqual([
        'identity.user.registered',
        'identity.user.badges-changed',
      ]);
      expect(outbox[0].payload).toMatchObject({
        type: 'identity.user.registered',
        producer: 'identity',
        data: {
          userId: auth.user.id,
          username,
          flavorBadges: ['sushi', 'vegan'],
          cityBadges: ['new york', 'charlottesville'],
        },
      });
      // The badges travel on their own event too, for consumers that keep only badges.
      expect(outbox[1].payload).toMatchObject({
        type: 'identity.user.badges-changed',
        producer: 'identity',
        data: {
          userId: auth.user.id,
          flavorBadges: ['sushi', 'vegan'],
          cityBadges: ['new york', 'charlottesville'],
        },
      });

      // The relay hands it to the bus.
      const envelope = await eventually(() => published.find((e) => e.id === outbox[0].payload.id));
      expect(envelope.data).toMatchObject({ userId: auth.user.id, username });
    });

    it('keeps a given bio and privacy choice', async () => {
      const auth = await identity.client.call(
        'auth.register',
        registration({ bio: '  I like soup  ', isPrivate: true }),
      );
      expect(auth.user).toMatchObject({ bio: 'I like soup', isPrivate: true });
    });

    it('refuses a username that differs only in case (409)', async () => {
      const username = uniqueUsername('Case');
      await identity.client.call('auth.register', registration({ username }));
      await expect(
        identity.client.call('auth.register', registration({ username: username.toUpperCase() })),
      ).rejects.toMatchObject({
        status: 409,
        message: 'Username already exists',
      });
    });

    it('settles a race for one username with one winner and 409s', async () => {
      const username = uniqueUsername('race');
      const results = await Promise.allSettled(
        [username, username.toUpperCase(), username, username.toLowerCase()].map((u) =>
          identity.client.call('auth.register', registration({ username: u })),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
        expect(r.reason).toMatchObject({ status: 409, message: 'Username already exists' });
      }
      const rows = await query(db.url, 'SELECT id FROM identity.users WHERE lower(username) = lower($1)', [
        username,
      ]);
      expect(rows).toHaveLength(1);
    });

    it.each([
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ username: 'x'.repeat(31) }, 'Username must be at most 30 characters'],
      [{ username: 'bad name!' }, 'Username can only contain letters, numbers, dots and underscores'],
      [{ password: '12345' }, 'Password must be at least 6 characters'],
      [{ name: ' A ' }, 'Name must be at least 2 characters'],
      [{ bio: 'b'.repeat(161) }, 'Bio must be at most 160 characters'],
      [
        { flavorBuds: ['sushi', 'pizza', 'taco', 'vegan', 'keto', 'wine'] },
        'You can select up to 5 flavor preferences',
      ],
      [{ flavorBuds: ['caviar'] }, 'Unknown flavor badge'],
      [{ cityBuds: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'You can select up to 5 city preferences'],
      [{ cityBuds: ['   '] }, 'Please enter a city name'],
    ])('rejects %j with 400 and stores nothing', async (overrides, message) => {
      const username = uniqueUsername('invalid');
      await expect(
        identity.client.call('auth.register', registration({ username, ...overrides })),
      ).rejects.toMatchObject({ status: 400, message });
      const name = (overrides as { username?: string }).username ?? username;
      expect(
        await query(db.url, 'SELECT id FROM identity.users WHERE lower(username) = lower($1)', [name]),
      ).toHaveLength(0);
    });

    it.each([
      ['not an object', '"just a string"'],
      ['an array', '[1,2,3]'],
      ['missing fields', '{}'],
      ['wrong types', '{"username": 42, "password": ["x"], "name": {}}'],
      [
        'a non-list flavorBuds',
        JSON.stringify({ username: 'shape_check', password: 'secret1', name: 'Shape', flavorBuds: 'sushi' }),
      ],
      [
        'non-string cities',
        JSON.stringify({ username: 'shape_check', password: 'secret1', name: 'Shape', cityBuds: [1, 2] }),
      ],
      [
        'a non-boolean isPrivate',
        JSON.stringify({ username: 'shape_check', password: 'secret1', name: 'Shape', isPrivate: 'yes' }),
      ],
      ['malformed JSON', '{"username": '],
    ])('answers 400 (never 500) for %s', async (_label, body) => {
      const response = await rawCall(identity.service.url, 'auth.register', body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(typeof (response.body as { message: unknown }).message).toBe('string');
      expect(
        await query(db.url, `SELECT id FROM identity.users WHERE username = 'shape_check'`),
      ).toHaveLength(0);
    });

    it('rolls the event back with the registration when the transaction fails', async () => {
      // A trigger makes the session insert (the last write before the outbox) fail.
      await query(
        db.url,
        `CREATE FUNCTION identity.fail_session() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.user_agent = 'fail-me' THEN RAISE EXCEPTION 'forced failure'; END IF; RETURN NEW; END $$`,
      );
      await query(
        db.url,
        `CREATE TRIGGER fail_session BEFORE INSERT ON identity.sessions FOR EACH ROW EXECUTE FUNCTION identity.fail_session()`,
      );
      try {
        const username = uniqueUsername('atomic');
        await expect(
          identity.client.call(
            'auth.register',
            registration({ username, userAgent: 'fail-me', flavorBuds: ['sushi'] }),
          ),
        ).rejects.toMatchObject({
          status: 500,
        });
        expect(
          await query(db.url, 'SELECT id FROM identity.users WHERE username = $1', [username]),
        ).toHaveLength(0);
        expect(
          await query(db.url, `SELECT id FROM identity.outbox WHERE payload->'data'->>'username' = $1`, [
            username,
          ]),
        ).toHaveLength(0);
        expect(
          await query(
            db.url,
            `SELECT id FROM identity.flavor_badges fb WHERE NOT EXISTS (SELECT 1 FROM identity.users u WHERE u.id = fb.user_id)`,
          ),
        ).toHaveLength(0);
      } finally {
        await query(db.url, 'DROP TRIGGER fail_session ON identity.sessions');
        await query(db.url, 'DROP FUNCTION identity.fail_session()');
      }
    });
  });

  describe('login, resolve and logout', () => {
    let username: string;
    let registered: AuthResult;

    beforeAll(async () => {
      username = uniqueUsername('Login');
      registered = await identity.client.call(
        'auth.register',
        registration({ username, password: 'secret1' }),
      );
    });

    it('logs in case-insensitively and resolves the new session', async () => {
      const auth = await identity.client.call('auth.login', {
        username: username.toUpperCase(),
        password: 'secret1',
        userAgent: 'Firefox',
        ipAddress: '10.0.0.1',
      });
      expect(auth.user).toEqual(registered.user);
      expect(auth.sessionId).not.toBe(registered.sessionId);
      const resolved = await identity.client.call('sessions.resolve', { sessionToken: auth.sessionToken });
      expect(resolved).toEqual({
        userId: registered.user.id,
        isAdmin: false,
        sessionId: auth.sessionId,
        user: registered.user,
        expiresAt: expect.any(String),
      });
      // When the session ends unless used again: the gateway remembers it no longer.
      const [{ expires_at }] = await query<{ expires_at: Date }>(
        db.url,
        'SELECT expires_at FROM identity.sessions WHERE id = $1',
        [auth.sessionId],
      );
      expect(resolved?.expiresAt).toBe(expires_at.toISOString());
    });

    it('answers the same 401 for a wrong password and an unknown user', async () => {
      await expect(
        identity.client.call('auth.login', {
          username,
          password: 'wrong-password',
          userAgent: null,
          ipAddress: null,
        }),
      ).rejects.toMatchObject({
        status: 401,
        message: 'Invalid username or password',
      });
      await expect(
        identity.client.call('auth.login', {
          username: 'nobody_here',
          password: 'secret1',
          userAgent: null,
          ipAddress: null,
        }),
      ).rejects.toMatchObject({
        status: 401,
        message: 'Invalid username or password',
      });
      await expect(
        identity.client.call('auth.login', {
          username: 'x'.repeat(500),
          password: 'y'.repeat(5000),
          userAgent: null,
          ipAddress: null,
        }),
      ).rejects.toMatchObject({
        status: 401,
      });
    });

    it('answers 400 for a login without credentials', async () => {
      const response = await rawCall(identity.service.url, 'auth.login', '{"username": 1}');
      expect(response.status).toBe(400);
    });

    it('resolves unknown, malformed and revoked tokens to null', async () => {
      await expect(
        identity.client.call('sessions.resolve', { sessionToken: 'A'.repeat(43) }),
      ).resolves.toBeNull();
      await expect(identity.client.call('sessions.resolve', { sessionToken: 'short' })).resolves.toBeNull();
      const auth = await identity.client.call('auth.login', {
        username,
        password: 'secret1',
        userAgent: null,
        ipAddress: null,
      });
      await expect(identity.client.call('auth.logout', { sessionToken: auth.sessionToken })).resolves.toEqual(
        { message: 'Logged out successfully' },
      );
      await expect(
        identity.client.call('sessions.resolve', { sessionToken: auth.sessionToken }),
      ).resolves.toBeNull();
      await eventually(() => accessNotices(auth.user.id).length > 0 || undefined);
      // Logging out twice (or with garbage) is harmless, and announces nothing more.
      await expect(identity.client.call('auth.logout', { sessionToken: auth.sessionToken })).resolves.toEqual(
        { message: 'Logged out successfully' },
      );
      const marker = await identity.client.call('auth.login', {
        username,
        password: 'secret1',
        userAgent: null,
        ipAddress: null,
      });
      await identity.client.call('auth.logout', { sessionToken: marker.sessionToken });
      // Published in order: once the marker's notice is here, a second one for the first would be too.
      await eventually(() => accessNotices(auth.user.id).length > 1 || undefined);
      expect(accessNotices(auth.user.id)).toEqual([
        { userId: auth.user.id, reason: 'signed-out' },
        { userId: auth.user.id, reason: 'signed-out' },
      ]);
      expect((await rawCall(identity.service.url, 'sessions.resolve', '{"sessionToken": 7}')).status).toBe(
        400,
      );
    });

    it('treats expired sessions as gone and slides last_seen_at at most once a minute', async () => {
      const auth = await identity.client.call('auth.login', {
        username,
        password: 'secret1',
        userAgent: null,
        ipAddress: null,
      });
      await query(
        db.url,
        `UPDATE identity.sessions SET last_seen_at = now() - interval '2 minutes' WHERE id = $1`,
        [auth.sessionId],
      );
      await identity.client.call('sessions.resolve', { sessionToken: auth.sessionToken });
      const [touched] = await query<{ seconds: number; ttl_days: number }>(
        db.url,
        `SELECT extract(epoch FROM now() - last_seen_at)::float AS seconds, extract(epoch FROM expires_at - last_seen_at)::float / 86400 AS ttl_days
           FROM identity.sessions WHERE id = $1`,
        [auth.sessionId],
      );
      expect(touched.seconds).toBeLessThan(30);
      expect(Math.round(touched.ttl_days)).toBe(30);

      await query(
        db.url,
        `UPDATE identity.sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [auth.sessionId],
      );
      await expect(
        identity.client.call('sessions.resolve', { sessionToken: auth.sessionToken }),
      ).resolves.toBeNull();
    });
  });

  describe('session list, revoke and password change', () => {
    it('lists own sessions newest first, marks the current one, revokes only own sessions', async () => {
      const username = uniqueUsername('sessions');
      const first = await identity.client.call(
        'auth.register',
        registration({ username, password: 'secret1', userAgent: 'Device A' }),
      );
      const second = await identity.client.call('auth.login', {
        username,
        password: 'secret1',
        userAgent: 'Device B',
        ipAddress: '10.1.1.1',
      });
      const caller = callerOf(second);

      const list = await identity.client.call('sessions.list', {}, caller);
      expect(list.map((s) => [s.id, s.userAgent, s.current])).toEqual([
        [second.sessionId, 'Device B', true],
        [first.sessionId, 'Device A', false],
      ]);
      expect(JSON.stringify(list)).not.toContain(second.sessionToken);

      const stranger = await identity.client.call('auth.register', registration());
      await expect(
        identity.client.call('sessions.revoke', { sessionId: first.sessionId }, callerOf(stranger)),
      ).rejects.toMatchObject({
        status: 404,
        message: 'Session not found',
      });
      await expect(
        identity.client.call('sessions.revoke', { sessionId: 'not-a-uuid' }, caller),
      ).rejects.toMatchObject({ status: 404 });
      expect(accessNotices(first.user.id)).toEqual([]);
      await expect(
        identity.client.call('sessions.revoke', { sessionId: first.sessionId }, caller),
      ).resolves.toEqual({ message: 'Session revoked' });
      await eventually(() => accessNotices(first.user.id).length > 0 || undefined);
      expect(accessNotices(first.user.id)).toEqual([{ userId: first.user.id, reason: 'session-revoked' }]);
      expect(accessNotices(stranger.user.id)).toEqual([]);
      await expect(
        identity.client.call('sessions.resolve', { sessionToken: first.sessionToken }),
      ).resolves.toBeNull();
      await expect(identity.client.call('sessions.list', {}, caller)).resolves.toHaveLength(1);
      await expect(identity.client.call('sessions.list', {})).rejects.toMatchObject({ status: 401 });
    });

    it('changes the password and revokes every other session', async () => {
      const username = uniqueUsername('pw');
      const a = await identity.client.call('auth.register', registration({ username, password: 'secret1' }));
      const b = await identity.client.call('auth.login', {
        username,
        password: 'secret1',
        userAgent: null,
        ipAddress: null,
      });
      const c = await identity.client.call('auth.login', {
        username,
        password: 'secret1',
        userAgent: null,
        ipAddress: null,
      });
      const caller = callerOf(b);

      await expect(
        identity.client.call(
          'users.changePassword',
          { currentPassword: 'nope-nope', newPassword: STRONG_PASSWORD },
          caller,
        ),
      ).rejects.toMatchObject({
        status: 400,
        message: 'Current password is incorrect',
      });
      await expect(
        identity.client.call(
          'users.changePassword',
          { currentPassword: 'secret1', newPassword: 'weakpass' },
          caller,
        ),
      ).rejects.toMatchObject({
        status: 400,
        message: 'Password too weak / Please create a stronger password.',
      });
      // Nothing changed yet: every session still works.
      for (const s of [a, b, c])
        await expect(
          identity.client.call('sessions.resolve', { sessionToken: s.sessionToken }),
        ).resolves.not.toBeNull();

      await expect(
        identity.client.call(
          'users.changePassword',
          { currentPassword: 'secret1', newPassword: STRONG_PASSWORD },
          caller,
        ),
      ).resolves.toEqual({
        message: 'Password updated',
      });
      await expect(
        identity.client.call('sessions.resolve', { sessionToken: a.sessionToken }),
      ).resolves.toBeNull();
      await expect(
        identity.client.call('sessions.resolve', { sessionToken: c.sessionToken }),
      ).resolves.toBeNull();
      await expect(
        identity.client.call('sessions.resolve', { sessionToken: b.sessionToken }),
      ).resolves.toMatchObject({ sessionId: b.sessionId });
      await eventually(() => accessNotices(a.user.id).length > 0 || undefined);
      expect(accessNotices(a.user.id)).toEqual([{ userId: a.user.id, reason: 'password-changed' }]);

      await expect(
        identity.client.call('auth.login', {
          username,
          password: 'secret1',
          userAgent: null,
          ipAddress: null,
        }),
      ).rejects.toMatchObject({ status: 401 });
      await expect(
        identity.client.call('auth.login', {
          username,
          password: STRONG_PASSWORD,
          userAgent: null,
          ipAddress: null,
        }),
      ).resolves.toMatchObject({
        user: { id: a.user.id },
      });
      await expect(
        identity.client.call(
          'users.changePassword',
          { currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD },
          caller,
        ),
      ).rejects.toMatchObject({
        status: 400,
      });
      expect(
        (await rawCall(identity.service.url, 'users.changePassword', '{"currentPassword": null}', caller))
          .status,
      ).toBe(400);
      await expect(
        identity.client.call('users.changePassword', {
          currentPassword: 'secret1',
          newPassword: STRONG_PASSWORD,
        }),
      ).rejects.toMatchObject({ status: 401 });
    });
  });

  it('answers users.me for the caller only', async () => {
    const auth = await identity.client.call('auth.register', registration());
    await expect(identity.client.call('users.me', {}, callerOf(auth))).resolves.toEqual(auth.user);
    await expect(identity.client.call('users.me', {})).rejects.toMatchObject({ status: 401 });
  });

  it('refuses calls without the internal token', async () => {
    const response = await fetch(`${identity.service.url}/rpc/users.list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});

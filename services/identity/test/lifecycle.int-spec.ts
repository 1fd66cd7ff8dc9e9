import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { InProcessEventBus, silentEventsLogger } from '@dinebuds/events';
import {
  callerOf,
  createTestDatabase,
  createTestSystem,
  query,
  registration,
  uniqueUsername,
  type TestDatabase,
  type TestSystem,
} from '@dinebuds/testing';
import { identityMigrations } from '../src/database/migrations/index.js';
import { STRONG_PASSWORD, startTestIdentity } from './identity-test-kit.js';

describe('identity: start-up, admin bootstrap, persistence and health', () => {
  let system: TestSystem;
  let db: TestDatabase;
  let bus: InProcessEventBus;

  beforeAll(async () => {
    system = await createTestSystem('identity_lifecycle');
    ({ db, bus } = system);
  });

  afterAll(async () => {
    await system?.close();
  });

  it('creates the admin once, keeps data across restarts, and promotes an existing account only with its own password', async () => {
    const admin = { adminUsername: 'RootAdmin', adminPassword: STRONG_PASSWORD };
    const first = await startTestIdentity(db.url, bus, admin);
    let userAuth;
    try {
      const login = await first.client.call('auth.login', {
        username: 'rootadmin',
        password: STRONG_PASSWORD,
        userAgent: null,
        ipAddress: null,
      });
      expect(login.user).toMatchObject({ username: 'RootAdmin', isAdmin: true });
      await expect(
        first.client.call('sessions.resolve', { sessionToken: login.sessionToken }),
      ).resolves.toMatchObject({ isAdmin: true });
      userAuth = await first.client.call(
        'auth.register',
        registration({ username: 'later_admin', password: 'secret1', flavorBuds: ['pizza'] }),
      );
      await first.client.call(
        'users.update',
        { id: userAuth.user.id, bio: 'Kept across restarts' },
        callerOf(userAuth),
      );
    } finally {
      await first.stop();
    }

    // Same database, a second start: migrations are not re-run, the admin is not duplicated.
    const second = await startTestIdentity(db.url, bus, admin);
    try {
      const admins = await query(db.url, `SELECT id FROM identity.users WHERE lower(username) = 'rootadmin'`);
      expect(admins).toHaveLength(1);
      const migrations = await query<{ name: string }>(
        db.url,
        'SELECT name FROM identity.identity_migrations ORDER BY id',
      );
      // Each defined migration applied once, in order (the second start re-ran none).
      expect(migrations.map((m) => m.name)).toEqual(identityMigrations.map((m) => new m().name));
      expect(migrations.map((m) => m.name).slice(0, 3)).toEqual([
        'IdentityInitial1732300000000',
        'EventsOutboxInbox1732300000001',
        'IdentitySessionExpiry1732300000002',
      ]);

      // The session and data of the first run are still there.
      await expect(
        second.client.call('sessions.resolve', { sessionToken: userAuth.sessionToken }),
      ).resolves.toMatchObject({ userId: userAuth.user.id });
      await expect(second.client.call('users.get', { id: userAuth.user.id })).resolves.toMatchObject({
        bio: 'Kept across restarts',
        isAdmin: false,
      });
      await expect(second.client.call('badges.listFlavor', { userId: userAuth.user.id })).resolves.toEqual([
        expect.objectContaining({ badgeId: 'pizza' }),
      ]);
      await expect(
        second.client.call('auth.login', {
          username: 'later_admin',
          password: 'secret1',
          userAgent: null,
          ipAddress: null,
        }),
      ).resolves.toBeDefined();
    } finally {
      await second.stop();
    }

    // Naming an existing account with another password: refused, logged, the account unchanged.
    // (Otherwise whoever registers ADMIN_USERNAME first becomes admin at the next start.)
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const third = await startTestIdentity(db.url, bus, {
      adminUsername: 'LATER_ADMIN',
      adminPassword: 'other-password-1',
    });
    try {
      const refusals = warn.mock.calls.filter((call) => JSON.stringify(call).includes('ADMIN_USERNAME'));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]![0]).toEqual({ username: 'later_admin', userId: userAuth.user.id });
      expect(JSON.stringify(refusals)).not.toContain('other-password-1');
      expect(JSON.stringify(refusals)).not.toContain('argon2');
      const login = await third.client.call('auth.login', {
        username: 'later_admin',
        password: 'secret1',
        userAgent: null,
        ipAddress: null,
      });
      expect(login.user).toMatchObject({
        id: userAuth.user.id,
        isAdmin: false,
        bio: 'Kept across restarts',
        username: 'later_admin',
      });
      await expect(
        third.client.call('auth.login', {
          username: 'later_admin',
          password: 'other-password-1',
          userAgent: null,
          ipAddress: null,
        }),
      ).rejects.toMatchObject({
        status: 401,
      });
    } finally {
      warn.mockRestore();
      await third.stop();
    }
    const [outboxBefore] = await query<{ n: number }>(
      db.url,
      `SELECT count(*)::int AS n FROM identity.outbox WHERE type = 'identity.user.updated'`,
    );

    // With the account's own password: promoted, nothing else changes (the password stays).
    const fourth = await startTestIdentity(db.url, bus, {
      adminUsername: 'LATER_ADMIN',
      adminPassword: 'secret1',
    });
    try {
      const login = await fourth.client.call('auth.login', {
        username: 'later_admin',
        password: 'secret1',
        userAgent: null,
        ipAddress: null,
      });
      expect(login.user).toMatchObject({
        id: userAuth.user.id,
        isAdmin: true,
        bio: 'Kept across restarts',
        username: 'later_admin',
        name: userAuth.user.name,
      });
      const [outboxAfter] = await query<{ n: number }>(
        db.url,
        `SELECT count(*)::int AS n FROM identity.outbox WHERE type = 'identity.user.updated'`,
      );
      expect(outboxAfter!.n).toBe(outboxBefore!.n + 1);
      // Gateways that remember this user's sessions as a non-admin are told to forget them.
      const notices = await query<{ data: unknown }>(
        db.url,
        `SELECT payload->'data' AS data FROM identity.outbox WHERE type = 'identity.user.access-changed'`,
      );
      expect(notices.map((n) => n.data)).toEqual([{ userId: userAuth.user.id, reason: 'role-changed' }]);
    } finally {
      await fourth.stop();
    }
  });

  it('refuses a common ADMIN_PASSWORD at start', async () => {
    await expect(
      startTestIdentity(db.url, bus, { adminUsername: 'common_admin', adminPassword: 'Password1' }),
    ).rejects.toThrow(
      'Invalid admin account configuration: This password is too common. Please choose another.',
    );
    expect(await query(db.url, `SELECT id FROM identity.users WHERE username = 'common_admin'`)).toEqual([]);
  });

  it('starts two replicas on one database at once (migrations and admin bootstrap race safely)', async () => {
    const shared = await createTestDatabase('identity_replicas');
    const busA = new InProcessEventBus({ logger: silentEventsLogger });
    const admin = { adminUsername: 'replica_admin', adminPassword: STRONG_PASSWORD };
    const replicas = await Promise.all([
      startTestIdentity(shared.url, busA, admin),
      // Identity consumes reviews.* now: one in-process bus takes one subscriber per queue
      // (RabbitMQ replicas share theirs), so the second replica reads a queue of its own.
      startTestIdentity(shared.url, busA, { ...admin, eventsQueue: 'identity.replica-b.events' }),
    ]);
    try {
      expect(
        await query(
          shared.url,
          `SELECT id FROM identity.users WHERE username = 'replica_admin' AND is_admin`,
        ),
      ).toHaveLength(1);
      const auth = await replicas[0].client.call(
        'auth.register',
        registration({ username: uniqueUsername('rep') }),
      );
      await expect(
        replicas[1].client.call('sessions.resolve', { sessionToken: auth.sessionToken }),
      ).resolves.toMatchObject({ userId: auth.user.id });
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
      await busA.close();
      await shared.drop();
    }
  });

  it('reports health: 200 when database and bus are up, 503 when the bus is down', async () => {
    const ownBus = new InProcessEventBus({ logger: silentEventsLogger });
    const identity = await startTestIdentity(db.url, ownBus);
    try {
      const ok = await fetch(`${identity.service.url}/health`);
      expect(ok.status).toBe(200);
      await expect(ok.json()).resolves.toMatchObject({
        status: 'ok',
        database: 'up',
        broker: 'up',
        events: { parked: 0 },
      });
      await ownBus.close();
      const down = await fetch(`${identity.service.url}/health`);
      expect(down.status).toBe(503);
      await expect(down.json()).resolves.toMatchObject({ status: 'error', database: 'up', broker: 'down' });
    } finally {
      await identity.stop();
    }
  });

  it('refuses argon2 settings below the OWASP floor and a short internal token', async () => {
    await expect(
      startTestIdentity(db.url, bus, { argon2: { memoryCost: 1024, timeCost: 1 } }),
    ).rejects.toThrow(/memoryCost/);
    await expect(startTestIdentity(db.url, bus, { internalToken: 'short' })).rejects.toThrow(/internalToken/);
    await expect(startTestIdentity(db.url, bus, { adminUsername: 'lonely_admin' })).rejects.toThrow(
      /adminPassword/,
    );
    await expect(
      startTestIdentity(db.url, bus, { adminUsername: 'x!', adminPassword: 'whatever-1' }),
    ).rejects.toThrow(/Invalid admin account/);
  });
});

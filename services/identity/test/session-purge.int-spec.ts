import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createTestSystem,
  eventually,
  planWithoutSeqScan,
  query,
  registration,
  uniqueUsername,
  type TestSystem,
} from '@dinebuds/testing';
import { startTestIdentity } from './identity-test-kit.js';

/** Ids of the given sessions still in the table. */
async function remaining(databaseUrl: string, ids: string[]): Promise<string[]> {
  const rows = await query<{ id: string }>(
    databaseUrl,
    'SELECT id FROM identity.sessions WHERE id = ANY($1::uuid[]) ORDER BY id',
    [ids],
  );
  return rows.map((r) => r.id);
}

describe('identity: expired sessions are purged on a schedule', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await createTestSystem('identity_session_purge');
  });

  afterAll(async () => {
    await system?.close();
  });

  it('deletes expired (and expired revoked) sessions every interval, keeping live ones', async () => {
    const identity = await startTestIdentity(system.db.url, system.bus, { sessionPurgeIntervalMs: 200 });
    try {
      const username = uniqueUsername('purge');
      const live = await identity.client.call('auth.register', registration({ username }));
      const login = () =>
        identity.client.call('auth.login', {
          username,
          password: 'secret1',
          userAgent: null,
          ipAddress: null,
        });
      const expired = await login();
      const revokedExpired = await login();
      const revokedLive = await login();
      await query(
        system.db.url,
        `UPDATE identity.sessions SET expires_at = now() - interval '1 second' WHERE id = ANY($1::uuid[])`,
        [[expired.sessionId, revokedExpired.sessionId]],
      );
      await query(
        system.db.url,
        `UPDATE identity.sessions SET revoked_at = now() WHERE id = ANY($1::uuid[])`,
        [[revokedExpired.sessionId, revokedLive.sessionId]],
      );

      const all = [live.sessionId, expired.sessionId, revokedExpired.sessionId, revokedLive.sessionId];
      const kept = [live.sessionId, revokedLive.sessionId].sort();
      // Polls until a scheduled run has happened (the state is the assertion, not the timing).
      await eventually(
        async () => JSON.stringify(await remaining(system.db.url, all)) === JSON.stringify(kept),
      );
      await expect(
        identity.client.call('sessions.resolve', { sessionToken: live.sessionToken }),
      ).resolves.toMatchObject({ sessionId: live.sessionId });
    } finally {
      await identity.stop();
    }
  });

  it('purges once at start too, so restarts more frequent than the interval still bound the table', async () => {
    const first = await startTestIdentity(system.db.url, system.bus);
    const { sessionId } = await first.client
      .call('auth.register', registration())
      .finally(() => first.stop());
    await query(
      system.db.url,
      `UPDATE identity.sessions SET expires_at = now() - interval '1 day' WHERE id = $1`,
      [sessionId],
    );
    // Default interval (an hour): only the run at start can remove it within this test.
    const second = await startTestIdentity(system.db.url, system.bus);
    try {
      await eventually(async () => (await remaining(system.db.url, [sessionId])).length === 0);
    } finally {
      await second.stop();
    }
  });

  it('has an index on expires_at that serves the purge', async () => {
    const plan = await planWithoutSeqScan(
      system.db.url,
      `SELECT id FROM identity.sessions WHERE expires_at <= now()
        ORDER BY expires_at LIMIT 1000 FOR UPDATE SKIP LOCKED`,
    );
    expect(plan).toContain('sessions_expires_at_idx');
  });

  it('refuses a purge interval that a timer cannot hold', async () => {
    for (const sessionPurgeIntervalMs of [0, -1, 1.5, 2 ** 31]) {
      await expect(startTestIdentity(system.db.url, system.bus, { sessionPurgeIntervalMs })).rejects.toThrow(
        /sessionPurgeIntervalMs/,
      );
    }
  });
});

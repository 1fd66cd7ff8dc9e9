import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestSystem, registration, uniqueUsername, type TestSystem } from '@dinebuds/testing';
import { startTestIdentity, type TestIdentity } from './identity-test-kit.js';

/**
 * Identity past its password capacity, over real RPC: a full password queue answers 503 with
 * Retry-After before any hashing, and one account's failed sign-ins lock it (429 + Retry-After)
 * whatever address they come from.
 */
describe('identity under a sign-in storm', () => {
  let system: TestSystem;
  let identity: TestIdentity;

  beforeAll(async () => {
    system = await createTestSystem('identity_overload');
    identity = await system.own(
      startTestIdentity(system.db.url, system.bus, {
        // A deliberately slow argon2id (several times the default cost), so all eight sign-ins reach
        // the queue while the first still runs, however busy the machine is.
        argon2: { memoryCost: 19456, timeCost: 40 },
        passwordWork: { concurrency: 1, maxQueued: 1, maxWaitMs: 2000 },
        loginThrottle: { freeFailures: 2, baseLockMs: 60_000 },
      }),
    );
  });

  afterAll(async () => {
    await system?.close();
  });

  const login = (username: string, password: string) =>
    identity.client.call('auth.login', { username, password, userAgent: null, ipAddress: null });

  it('refuses sign-ins past the password queue with 503 BUSY and Retry-After, at once', async () => {
    const attempts = Array.from({ length: 8 }, (_, i) => {
      const startedAt = performance.now();
      return login(uniqueUsername(`storm${i}`), 'wrong-password').then(
        () => ({ status: 200, ms: performance.now() - startedAt, retryAfter: undefined }),
        (error: { status: number; code?: string; retryAfterSeconds?: number }) => ({
          status: error.status,
          code: error.code,
          retryAfter: error.retryAfterSeconds,
          ms: performance.now() - startedAt,
        }),
      );
    });
    const results = await Promise.all(attempts);
    const refused = results.filter((r) => r.status === 503);
    // One runs, one waits, the rest are refused.
    expect(results.filter((r) => r.status === 401)).toHaveLength(2);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect(r).toMatchObject({ code: 'BUSY', retryAfter: 2 });
    // Refused before hashing: faster than one argon2id verification at these settings.
    expect(Math.max(...refused.map((r) => r.ms))).toBeLessThan(
      Math.min(...results.filter((r) => r.status === 401).map((r) => r.ms)),
    );
  });

  it('locks one account after its free failed sign-ins, even for the right password', async () => {
    const username = uniqueUsername('Locked');
    await identity.client.call('auth.register', registration({ username, password: 'secret1' }));
    await expect(login(username, 'wrong-1')).rejects.toMatchObject({ status: 401 });
    await expect(login(username.toUpperCase(), 'wrong-2')).rejects.toMatchObject({ status: 401 });
    await expect(login(username, 'wrong-3')).rejects.toMatchObject({ status: 401 });
    await expect(login(username, 'secret1')).rejects.toMatchObject({
      status: 429,
      code: 'ACCOUNT_THROTTLED',
      retryAfterSeconds: 60,
      message: 'Too many failed sign-ins for this account. Please try again in 60 seconds.',
    });
    // Another account signs in as usual.
    const other = uniqueUsername('Free');
    await identity.client.call('auth.register', registration({ username: other, password: 'secret1' }));
    await expect(login(other, 'secret1')).resolves.toMatchObject({ user: { username: other } });
  });
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { TEST_AMQP_URL, createTestDatabase, eventually, query, type TestDatabase } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { createTestVhost, removeDataDir, startAllInOneSystem, type TestVhost } from '../support/system.js';

/** `npm start` with DATABASE_URL and AMQP_URL set: the same process, on the real servers. */
describe('all-in-one on real PostgreSQL and RabbitMQ', () => {
  let database: TestDatabase;
  let vhost: TestVhost;
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;

  beforeAll(async () => {
    database = await createTestDatabase('api_aio_real');
    vhost = createTestVhost(TEST_AMQP_URL, 'api_aio_real');
    system = await startAllInOneSystem({ databaseUrl: database.url, amqpUrl: vhost.url });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    if (system) removeDataDir(system.dataDir);
    vhost?.drop();
    await database?.drop();
  });

  it('keeps data in the given database and carries events over the broker', async () => {
    const alice = new ApiClient(system.baseUrl);
    const bob = new ApiClient(system.baseUrl);
    const a = (
      await alice.post<CurrentUserDto>('/api/register', {
        username: uniqueUsername('real_a'),
        password: 'Real#1234',
        name: 'Real Alice',
      })
    ).body;
    const b = (
      await bob.post<CurrentUserDto>('/api/register', {
        username: uniqueUsername('real_b'),
        password: 'Real#1234',
        name: 'Real Bob',
      })
    ).body;

    // social-graph learns about users only through identity's events, here via RabbitMQ.
    await eventually(
      async () => (await alice.get(`/api/users/${b.id}/followers/count`)).status === 200,
      20_000,
      100,
    );
    expect((await alice.post(`/api/users/${a.id}/follow/${b.id}`)).body).toEqual({ status: 'following' });
    expect((await bob.get(`/api/users/${b.id}/followers/count`)).body).toEqual({ count: 1 });

    // The rows live in the given database, not in an embedded one.
    const rows = await query<{ username: string }>(
      database.url,
      'SELECT username FROM identity.users WHERE id = $1',
      [a.id],
    );
    expect(rows).toEqual([{ username: a.username }]);
    expect(existsSync(join(system.dataDir, 'postgres'))).toBe(false);
    const health = await alice.get<{ status: string }>('/api/health');
    expect(health.body.status).toBe('ok');
  }, 60_000);
});

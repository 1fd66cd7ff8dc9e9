import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SocialRpc } from '@dinebuds/contracts';
import { RabbitMqEventBus, silentEventsLogger } from '@dinebuds/events';
import { startIdentityService } from '@dinebuds/identity';
import { startSocialGraphService } from '@dinebuds/social-graph';
import {
  TEST_AMQP_URL,
  createTestDatabase,
  eventually,
  query,
  registerUser,
  startIdentityForTest,
  startTestService,
  type RpcMapOf,
  type TestDatabase,
  type TestUser,
} from '@dinebuds/testing';
import { createTestVhost, type TestVhost } from '../support/system.js';

/**
 * No lost event whatever the start order: on a broker that has never seen social-graph (a fresh
 * vhost), identity starts alone and users register; social-graph starts only afterwards and still
 * projects every one of them. Each service has its own connection, as separate processes would.
 */
describe('events published before their consumer ever started (RabbitMQ, fresh vhost)', () => {
  let db: TestDatabase;
  let vhost: TestVhost;
  const buses: RabbitMqEventBus[] = [];
  const stops: Array<() => Promise<void>> = [];

  const connect = async (connectionName: string) => {
    const bus = await RabbitMqEventBus.connect({
      url: vhost.url,
      connectionName,
      retryDelayMs: 100,
      logger: silentEventsLogger,
    });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    db = await createTestDatabase('api_start_order');
    vhost = createTestVhost(TEST_AMQP_URL, 'api_start_order');
  });

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    for (const bus of buses) await bus.close();
    vhost?.drop();
    await db?.drop();
  });

  it('delivers to social-graph every user registered while only identity was running', async () => {
    const identity = await startIdentityForTest(startIdentityService, db.url, await connect('identity'));
    stops.push(() => identity.stop());

    const users: TestUser[] = [];
    for (const name of ['Ann Early', 'Ben Early', 'Cal Early', 'Dee Early']) {
      users.push(await registerUser(identity, { name }));
    }
    // identity's relay has handed every event to RabbitMQ (confirmed and routed to a queue).
    await eventually(
      async () =>
        (await query(db.url, 'SELECT id FROM identity.outbox WHERE published_at IS NULL')).length === 0,
      30_000,
    );

    const social = await startTestService<RpcMapOf<SocialRpc>, typeof startSocialGraphService>(
      startSocialGraphService,
      { name: 'social-graph', databaseUrl: db.url, bus: await connect('social-graph') },
    );
    stops.push(() => social.stop());

    const ids = users.map((u) => u.id).sort((a, b) => a - b);
    const projected = await eventually(async () => {
      const rows = await query<{ id: number }>(
        db.url,
        'SELECT id FROM social.users WHERE id = ANY($1::int[]) ORDER BY id',
        [ids],
      );
      return rows.length === ids.length ? rows.map((r) => r.id) : null;
    }, 30_000);
    expect(projected).toEqual(ids);

    // Through social-graph's own API: each early user is known (a follow succeeds, no 404).
    const [first, ...others] = users;
    for (const other of others) {
      await expect(
        social.client.call('follows.follow', { userId: first!.id, targetId: other.id }, first!.caller),
      ).resolves.toEqual({ status: 'following' });
    }
  }, 120_000);
});

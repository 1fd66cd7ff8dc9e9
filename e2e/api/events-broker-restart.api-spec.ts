import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { Inbox, RabbitMqEventBus, eventsMigrationSql, type Subscription } from '@dinebuds/events';
import { TEST_AMQP_URL, createTestDatabase, eventually, type TestDatabase } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { dropBrokerConnections } from '../support/broker.js';
import {
  createTestVhost,
  startDistributedSystem,
  type TestSystem,
  type TestVhost,
} from '../support/system.js';

/**
 * The guarantee end to end: users register through the gateway while the broker drops the
 * identity service's and the consumer's connections; every `identity.user.registered` reaches the
 * consumer's effect exactly once (outbox: none lost; inbox: none applied twice).
 */
describe('user.registered survives a RabbitMQ connection loss (distributed)', () => {
  let identityDb: TestDatabase;
  let consumerDb: TestDatabase;
  let system: TestSystem & { pids: number[] };
  let consumerData: DataSource;
  let bus: RabbitMqEventBus;
  let subscription: Subscription;
  let vhost: TestVhost;
  const queue = `test.broker-restart.${Date.now().toString(36)}`;

  beforeAll(async () => {
    identityDb = await createTestDatabase('api_broker_identity');
    consumerDb = await createTestDatabase('api_broker_consumer');
    vhost = createTestVhost(TEST_AMQP_URL, 'api_broker');
    consumerData = new DataSource({ type: 'postgres', url: consumerDb.url });
    await consumerData.initialize();
    await consumerData.query('CREATE SCHEMA consumer');
    for (const sql of eventsMigrationSql('consumer').up) await consumerData.query(sql);
    // `applied` counts effects: a double application would show as a count of 2.
    await consumerData.query(
      'CREATE TABLE consumer.registered (user_id int PRIMARY KEY, username text NOT NULL, applied int NOT NULL)',
    );

    bus = await RabbitMqEventBus.connect({
      url: vhost.url,
      connectionName: 'test-consumer',
      retryDelayMs: 100,
      logger: { info() {}, warn() {}, error() {} },
    });
    subscription = await bus.subscribe({
      queue,
      types: ['identity.user.registered'],
      handler: async (event) => {
        await Inbox.handleOnce(consumerData, 'consumer', 'test.registered', event, async (manager) => {
          await manager.query(
            `INSERT INTO consumer.registered (user_id, username, applied) VALUES ($1, $2, 1)
             ON CONFLICT (user_id) DO UPDATE SET applied = consumer.registered.applied + 1`,
            [event.data.userId, event.data.username],
          );
        });
      },
    });
    system = await startDistributedSystem({ databaseUrl: identityDb.url, amqpUrl: vhost.url });
  }, 120_000);

  afterAll(async () => {
    await subscription?.cancel();
    await bus?.close();
    await system?.stop();
    vhost?.drop();
    await consumerData?.destroy();
    await identityDb?.drop();
    await consumerDb?.drop();
  });

  it('delivers every registration exactly once across dropped connections', async () => {
    const total = 30;
    const registered: CurrentUserDto[] = [];
    let dropped = 0;
    for (let i = 0; i < total; i++) {
      const body = { username: uniqueUsername('burst'), password: 'Burst#1234', name: `Burst ${i}` };
      let response = await new ApiClient(system.baseUrl).post<CurrentUserDto>('/api/register', body);
      // A 503 is a refusal that did nothing (a loaded CI machine, right after a drop): a client
      // tries again after Retry-After, as the app's own client does. Anything else fails below.
      for (let retry = 0; retry < 5 && response.status === 503; retry++) {
        await new Promise((resolve) =>
          setTimeout(resolve, 1000 * (Number(response.headers.get('retry-after')) || 1)),
        );
        response = await new ApiClient(system.baseUrl).post<CurrentUserDto>('/api/register', body);
      }
      expect({ status: response.status, body: response.status === 201 ? 'created' : response.body }).toEqual({
        status: 201,
        body: 'created',
      });
      registered.push(response.body);
      // Mid-stream, twice: the identity process and this consumer both lose their connections.
      if (i === 10 || i === 20) dropped += dropBrokerConnections([...system.pids, process.pid]);
    }
    expect(dropped).toBeGreaterThanOrEqual(2);

    const rows = await eventually(
      async () => {
        const result: { user_id: number; applied: number }[] = await consumerData.query(
          'SELECT user_id, applied FROM consumer.registered',
        );
        return result.length >= total ? result : null;
      },
      60_000,
      200,
    );
    expect(rows.map((r) => r.user_id).sort((a, b) => a - b)).toEqual(
      registered.map((u) => u.id).sort((a, b) => a - b),
    );
    expect(rows.every((r) => r.applied === 1)).toBe(true);
    // Every outbox row of identity ends up marked published: nothing left behind.
    const identityData = new DataSource({ type: 'postgres', url: identityDb.url });
    await identityData.initialize();
    try {
      const unpublished = await eventually(async () => {
        const [row]: { n: string }[] = await identityData.query(
          'SELECT count(*) AS n FROM identity.outbox WHERE published_at IS NULL',
        );
        return row.n === '0' ? row.n : null;
      });
      expect(unpublished).toBe('0');
    } finally {
      await identityData.destroy();
    }
  }, 120_000);
});

import { TEST_AMQP_URL, createTestDatabase } from '@dinebuds/testing';
import { describeIdentityApi } from './identity-api.suite.js';
import { createTestVhost, startDistributedSystem } from '../support/system.js';

// Distributed mode: identity, social-graph and the gateway as separate processes on real PostgreSQL
// and RabbitMQ (a private vhost, so durable queues of this run never outlive it).
describeIdentityApi('distributed', async () => {
  const database = await createTestDatabase('api_distributed');
  const vhost = createTestVhost(TEST_AMQP_URL, 'api_identity');
  const system = await startDistributedSystem({ databaseUrl: database.url, amqpUrl: vhost.url });
  return {
    baseUrl: system.baseUrl,
    stop: async () => {
      await system.stop();
      vhost.drop();
      await database.drop();
    },
  };
});

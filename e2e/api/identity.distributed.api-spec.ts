import { TEST_AMQP_URL, createTestDatabase } from '@dinebuds/testing';
import { describeIdentityApi } from './identity-api.suite.js';
import { startDistributedSystem } from '../support/system.js';

// Distributed mode: identity and the gateway as separate processes on real PostgreSQL and RabbitMQ.
describeIdentityApi('distributed', async () => {
  const database = await createTestDatabase('api_distributed');
  const system = await startDistributedSystem({ databaseUrl: database.url, amqpUrl: TEST_AMQP_URL });
  return {
    baseUrl: system.baseUrl,
    stop: async () => {
      await system.stop();
      await database.drop();
    },
  };
});

import { describeIdentityApi } from './identity-api.suite.js';
import { removeDataDir, startAllInOneSystem } from '../support/system.js';

// npm start's mode: one process, embedded PostgreSQL, in-process event bus.
describeIdentityApi('all-in-one', async () => {
  const system = await startAllInOneSystem();
  return {
    baseUrl: system.baseUrl,
    stop: async () => {
      await system.stop();
      removeDataDir(system.dataDir);
    },
  };
});

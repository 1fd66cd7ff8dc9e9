import { AppLogger } from '@dinebuds/logging';
import { gatewayOptionsFromEnv } from './config.js';
import { startGateway } from './gateway.bootstrap.js';

/** Standalone start: configuration from the environment (see config.ts). */
async function main(): Promise<void> {
  const gateway = await startGateway(gatewayOptionsFromEnv());
  gateway.app.enableShutdownHooks();
  gateway.app.get(AppLogger).log(`Gateway listening on ${gateway.url}`, 'Bootstrap');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

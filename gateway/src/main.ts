import { loadConfig } from '@dinebuds/config';
import { AppLogger } from '@dinebuds/logging';
import { observabilityEnvShape, startProcessObservability } from '@dinebuds/observability';
import { gatewayOptionsFromEnv } from './config.js';
import { startGateway } from './gateway.bootstrap.js';

/** Standalone start: configuration from the environment (see config.ts). */
async function main(): Promise<void> {
  const options = gatewayOptionsFromEnv();
  // Tracing before the app (its hooks are installed at start); /metrics on its own port.
  const observability = await startProcessObservability('gateway', loadConfig(observabilityEnvShape));
  const gateway = await startGateway(options).catch(async (error: unknown) => {
    await observability.stop();
    throw error;
  });
  gateway.app.enableShutdownHooks();
  gateway.app.getHttpServer().on('close', () => void observability.stop());
  gateway.app
    .get(AppLogger)
    .log(`Gateway listening on ${gateway.url}; metrics at ${observability.metricsUrl ?? 'off'}`, 'Bootstrap');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

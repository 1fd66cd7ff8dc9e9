import { loadConfig } from '@dinebuds/config';
import { RabbitMqEventBus } from '@dinebuds/events';
import { AppLogger } from '@dinebuds/logging';
import { observabilityEnvShape, startProcessObservability } from '@dinebuds/observability';
import { gatewayOptionsFromEnv } from './config.js';
import { startGateway } from './gateway.bootstrap.js';

/** Standalone start: configuration from the environment (see config.ts). */
async function main(): Promise<void> {
  const { amqpUrl, ...options } = gatewayOptionsFromEnv();
  // Tracing before the app (its hooks are installed at start); /metrics on its own port.
  const observability = await startProcessObservability('gateway', loadConfig(observabilityEnvShape));
  // Only for identity's access-changed notices (the session cache): no queue of its own to declare.
  const events = amqpUrl
    ? await RabbitMqEventBus.connect({ url: amqpUrl, connectionName: 'gateway', topology: [] })
    : null;
  const stopAround = async () => {
    await events?.close();
    await observability.stop();
  };
  const gateway = await startGateway({ ...options, events }).catch(async (error: unknown) => {
    await stopAround();
    throw error;
  });
  gateway.app.enableShutdownHooks();
  gateway.app.getHttpServer().on('close', () => void stopAround());
  gateway.app
    .get(AppLogger)
    .log(`Gateway listening on ${gateway.url}; metrics at ${observability.metricsUrl ?? 'off'}`, 'Bootstrap');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

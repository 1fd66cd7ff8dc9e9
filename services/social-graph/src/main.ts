import { RabbitMqEventBus } from '@dinebuds/events';
import { createLogger } from '@dinebuds/logging';
import { loadSocialGraphConfig } from './config.js';
import { startSocialGraphService } from './social-graph.bootstrap.js';

/** Standalone social-graph process: configuration from the environment, RabbitMQ for events. */
async function main(): Promise<void> {
  const config = loadSocialGraphConfig();
  const logger = createLogger('social-graph', config.LOG_LEVEL);
  const bus = await RabbitMqEventBus.connect({
    url: config.AMQP_URL,
    connectionName: 'social-graph',
    logger,
  });
  let service;
  try {
    service = await startSocialGraphService({
      port: config.PORT,
      host: config.HOST,
      databaseUrl: config.DATABASE_URL,
      bus,
      internalToken: config.INTERNAL_TOKEN,
      logLevel: config.LOG_LEVEL,
    });
  } catch (error) {
    await bus.close().catch(() => undefined);
    throw error;
  }
  logger.info({ url: service.url }, 'social-graph service listening');
  // Nest's shutdown hooks close the app on SIGTERM/SIGINT; the bus belongs to this process.
  service.app.getHttpServer().on('close', () => void bus.close());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

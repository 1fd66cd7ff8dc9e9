import { RabbitMqEventBus } from '@dinebuds/events';
import { createLogger } from '@dinebuds/logging';
import { loadIdentityConfig } from './config.js';
import { startIdentityService } from './identity.bootstrap.js';

/** Standalone identity process: configuration from the environment, RabbitMQ for events. */
async function main(): Promise<void> {
  const config = loadIdentityConfig();
  const logger = createLogger('identity', config.LOG_LEVEL);
  const bus = await RabbitMqEventBus.connect({ url: config.AMQP_URL, connectionName: 'identity', logger });
  let service;
  try {
    service = await startIdentityService({
      port: config.PORT,
      host: config.HOST,
      databaseUrl: config.DATABASE_URL,
      bus,
      internalToken: config.INTERNAL_TOKEN,
      adminUsername: config.ADMIN_USERNAME,
      adminPassword: config.ADMIN_PASSWORD,
      logLevel: config.LOG_LEVEL,
      sessionTtlMs: config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
      sessionPurgeIntervalMs: config.SESSION_PURGE_INTERVAL_MINUTES * 60 * 1000,
    });
  } catch (error) {
    await bus.close().catch(() => undefined);
    throw error;
  }
  logger.info({ url: service.url }, 'identity service listening');
  // Nest's shutdown hooks close the app on SIGTERM/SIGINT; the bus belongs to this process.
  service.app.getHttpServer().on('close', () => void bus.close());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

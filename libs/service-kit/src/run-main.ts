import { envLogLevel, envPort, envUrl, loadConfig, z } from '@dinebuds/config';
import { RabbitMqEventBus } from '@dinebuds/events';
import { createLogger } from '@dinebuds/logging';
import { observabilityEnvShape, startProcessObservability } from '@dinebuds/observability';
import { DEFAULT_SERVICE_NICE, runAtNice } from '@dinebuds/runtime-tuning';
import type { ServiceDefinition, ServiceEnv, ServiceStartOptions } from './service-definition.js';
import { startService } from './start-service.js';

/** The environment every standalone service reads; the definition's fromEnv reads the rest. */
export function serviceEnvShape(defaultPort: number) {
  return {
    PORT: envPort(defaultPort),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: envUrl(['postgres:', 'postgresql:']),
    AMQP_URL: envUrl(['amqp:', 'amqps:']),
    INTERNAL_TOKEN: z.string().min(16),
    LOG_LEVEL: envLogLevel(),
    /** CPU priority (nice 0-19) of the process: the gateway on the same host gets a core first. */
    SERVICE_NICE: z.coerce.number().int().min(0).max(19).default(DEFAULT_SERVICE_NICE),
    ...observabilityEnvShape,
  };
}

/** A standalone service process: configuration from the environment, RabbitMQ for events. */
export async function runService<Extra extends object, Settings>(
  definition: ServiceDefinition<Extra, Settings>,
  env: ServiceEnv = process.env,
): Promise<void> {
  const { name } = definition;
  const config = loadConfig(serviceEnvShape(definition.defaultPort), env);
  const extra = definition.fromEnv?.(env) ?? {};
  const logger = createLogger(name, config.LOG_LEVEL);
  runAtNice(config.SERVICE_NICE);
  // Tracing before the app (its hooks are installed at start); /metrics on its own port.
  const observability = await startProcessObservability(name, config);
  let bus;
  try {
    bus = await RabbitMqEventBus.connect({ url: config.AMQP_URL, connectionName: name, logger });
  } catch (error) {
    await observability.stop();
    throw error;
  }
  let service;
  try {
    const options = {
      port: config.PORT,
      host: config.HOST,
      databaseUrl: config.DATABASE_URL,
      bus,
      internalToken: config.INTERNAL_TOKEN,
      logLevel: config.LOG_LEVEL,
      ...extra,
    } as ServiceStartOptions & Extra;
    service = await startService(definition, options);
  } catch (error) {
    await bus.close().catch(() => undefined);
    await observability.stop();
    throw error;
  }
  logger.info({ url: service.url, metrics: observability.metricsUrl }, `${name} service listening`);
  // Nest's shutdown hooks close the app on SIGTERM/SIGINT; the bus belongs to this process.
  service.app.getHttpServer().on('close', () => {
    void bus.close();
    void observability.stop();
  });
}

/** main.ts of a service: run it, or print why not and exit 1. */
export function runMain<Extra extends object, Settings>(
  definition: ServiceDefinition<Extra, Settings>,
): void {
  runService(definition).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

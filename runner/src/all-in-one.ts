import { existsSync } from 'node:fs';
import { InProcessEventBus, RabbitMqEventBus, type EventBus } from '@dinebuds/events';
import { admissionFromEnv, startGateway } from '@dinebuds/gateway';
import { createLogger } from '@dinebuds/logging';
import { rpcDispatchOf, type InProcessDispatch } from '@dinebuds/service-client';
import { startProcessObservability } from '@dinebuds/observability';
import type { RunnerConfig } from './config.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { SERVICES } from './services.generated.js';

/** The gateway's name for each service (`services.socialGraph`, ...), from the catalogue. */
export type ServiceUrls = Record<(typeof SERVICES)[number]['gatewayKey'], string>;

export interface RunningSystem {
  url: string;
  databaseUrl: string;
  /** Each service's loopback base URL (not public: the gateway is the only way in). */
  services: ServiceUrls;
  /** The one /metrics endpoint of this process (gateway and every service), when metrics are on. */
  metricsUrl?: string;
  stop(): Promise<void>;
}

/**
 * Starts the whole product in this process: Postgres (embedded unless DATABASE_URL is set), the
 * event bus (in-process unless AMQP_URL is set), every service on a loopback port and the gateway
 * on the public port. Same code paths as the distributed mode: HTTP between gateway and services,
 * outbox and inbox on the bus; the gateway's calls go to the services' routers in this
 * process (IN_PROCESS_CALLS, default on: no loopback socket, the same route, token and guards). Services start in the catalogue's order, consumers before producers
 * (social-graph before identity), and the in-process bus holds events until every service has subscribed, so none is lost at start.
 */
export async function startAllInOne(config: RunnerConfig): Promise<RunningSystem> {
  const logger = createLogger('runner', config.LOG_LEVEL);
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse())
      await stop().catch((error: unknown) => logger.error({ err: error }, 'stop failed'));
  };

  try {
    // Tracing before the apps (their hooks are installed at start); one /metrics for all of them.
    const observability = await startProcessObservability('dinebuds', config);
    stops.push(observability.stop);

    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT, logger);
      stops.push(embedded.stop);
      databaseUrl = embedded.url;
    }

    let bus: EventBus;
    let releaseEvents = () => {};
    if (config.AMQP_URL) {
      bus = await RabbitMqEventBus.connect({
        url: config.AMQP_URL,
        logger,
        connectionName: 'dinebuds-all-in-one',
      });
      logger.info('using RabbitMQ for domain events');
    } else {
      // Paused until every service has subscribed, as durable RabbitMQ queues would guarantee.
      const inProcess = new InProcessEventBus({ logger, paused: true });
      releaseEvents = () => inProcess.resume();
      bus = inProcess;
      logger.info('using the in-process event bus');
    }
    stops.push(() => bus.close());

    // Same database (each service in its own schema) and the same bus for every service; each
    // reads its own options (identity's admin account) from the runner's configuration.
    // The runner's values win over the rest of its environment (passThroughEnv), which carries
    // the services' own settings and the ADMISSION_* limits.
    const { passThroughEnv, gateway: gatewaySettings, ...listed } = config;
    const serviceEnv = {
      ...passThroughEnv,
      ...Object.fromEntries(
        Object.entries(listed).map(([key, value]) => [key, value === undefined ? undefined : String(value)]),
      ),
    };
    const admission = admissionFromEnv(serviceEnv);
    const urls: Partial<ServiceUrls> = {};
    const inProcess: Partial<Record<keyof ServiceUrls, InProcessDispatch>> = {};
    for (const { gatewayKey, service } of SERVICES) {
      const running = await service.start({
        port: 0,
        host: '127.0.0.1',
        databaseUrl,
        bus,
        internalToken: config.INTERNAL_TOKEN,
        logLevel: config.LOG_LEVEL,
        admission,
        ...service.definition.fromEnv?.(serviceEnv),
      });
      stops.push(running.close);
      urls[gatewayKey] = running.url;
      // Each service still listens on its port (health, tests); the gateway calls its RPC handlers.
      if (config.IN_PROCESS_CALLS) inProcess[gatewayKey] = rpcDispatchOf(running.app);
    }
    const services = urls as ServiceUrls;
    releaseEvents();

    const frontendDist = existsSync(config.FRONTEND_DIST) ? config.FRONTEND_DIST : null;
    if (!frontendDist)
      logger.warn({ path: config.FRONTEND_DIST }, 'frontend build not found: serving the API only');
    const gateway = await startGateway({
      ...gatewaySettings,
      port: config.PORT,
      host: config.HOST,
      services,
      inProcessServices: inProcess,
      internalToken: config.INTERNAL_TOKEN,
      frontendDist,
      logLevel: config.LOG_LEVEL,
      admission,
      // identity's access-changed notices reach the gateway's session cache on the same bus.
      events: bus,
    });
    stops.push(gateway.close);

    logger.info({ url: gateway.url, metrics: observability.metricsUrl }, 'DineBuds is running');
    return {
      url: gateway.url,
      databaseUrl,
      services,
      metricsUrl: observability.metricsUrl,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

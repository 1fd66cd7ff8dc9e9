import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { initializeServiceDataSource, serviceDataSourceOptions } from '@dinebuds/database';
import { EventsModule } from '@dinebuds/events';
import { createLogger, runWithRequestId, structuredLoggerModule } from '@dinebuds/logging';
import { DataSource } from 'typeorm';
import { ServiceEvents } from './service-events.js';
import { Transactions } from './transactions.js';
import { HealthController } from './health.controller.js';
import type { ServiceDefinition, ServiceStartOptions } from './service-definition.js';

/** Nest's root module of one service: logs, its data source (migrated), events, health, its own parts. */
export function serviceModule<Extra extends object, Settings>(
  definition: ServiceDefinition<Extra, Settings>,
  options: ServiceStartOptions & Extra,
  settings: Settings | undefined,
): DynamicModule {
  const { name, schema } = definition;
  const logLevel = options.logLevel ?? process.env.LOG_LEVEL ?? 'info';
  const settingsProvider: Provider[] = definition.settings
    ? [{ provide: definition.settings.token, useValue: settings }]
    : [];

  @Module({})
  class ServiceRootModule {}
  // The class name shows in Nest's logs and errors: name it after the service.
  Object.defineProperty(ServiceRootModule, 'name', { value: `${name}-module` });

  return {
    module: ServiceRootModule,
    imports: [
      structuredLoggerModule(name, logLevel),
      TypeOrmModule.forRootAsync({
        // Unique per service, so several services can share one process.
        name,
        useFactory: () => ({
          ...serviceDataSourceOptions({
            url: options.databaseUrl,
            schema,
            entities: definition.entities,
            migrations: definition.migrations,
            poolSize: options.poolSize ?? definition.poolSize,
          }),
          retryAttempts: 3,
          retryDelay: 1000,
        }),
        // Migrations run on start, under the per-schema advisory lock.
        dataSourceFactory: async (dataSourceOptions) => {
          if (!dataSourceOptions) throw new Error(`${name}: missing data source options`);
          return initializeServiceDataSource(new DataSource(dataSourceOptions), schema);
        },
      }),
      EventsModule.forRoot({
        schema,
        producer: name,
        bus: options.bus,
        consumerQueue: options.eventsQueue ?? `${name}.events`,
        relayIntervalMs: options.relayIntervalMs,
        dataSourceToken: getDataSourceToken(name),
        runInContext: (envelope, run) => runWithRequestId(envelope.requestId, run),
        logger: createLogger(`${name}.events`, logLevel),
      }),
    ],
    controllers: [HealthController, ...definition.controllers],
    // Every service writes its events through the one ServiceEvents and opens transactions with Transactions.
    providers: [...settingsProvider, Transactions, ServiceEvents, ...definition.providers],
  };
}

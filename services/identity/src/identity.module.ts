import { Module, type DynamicModule } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { initializeServiceDataSource, serviceDataSourceOptions } from '@dinebuds/database';
import { EventsModule, type EventBus } from '@dinebuds/events';
import { createLogger, runWithRequestId, structuredLoggerModule } from '@dinebuds/logging';
import { DataSource } from 'typeorm';
import { AdminBootstrapService } from './auth/admin-bootstrap.service.js';
import { AuthRpcController } from './auth/auth.rpc-controller.js';
import { AuthService } from './auth/auth.service.js';
import { PasswordHasher } from './auth/password-hasher.js';
import { BadgesRpcController } from './badges/badges.rpc-controller.js';
import { BadgesService } from './badges/badges.service.js';
import { CityBadgeEntity } from './badges/city-badge.entity.js';
import { FlavorBadgeEntity } from './badges/flavor-badge.entity.js';
import { IdentityEvents } from './common/identity-outbox.js';
import { IDENTITY_DATA_SOURCE, IDENTITY_SCHEMA, IDENTITY_SETTINGS, type IdentitySettings } from './config.js';
import { identityMigrations } from './database/migrations/index.js';
import { HealthController } from './health/health.controller.js';
import { SessionEntity } from './sessions/session.entity.js';
import { SessionPurgeService } from './sessions/session-purge.service.js';
import { SessionsRpcController } from './sessions/sessions.rpc-controller.js';
import { SessionsService } from './sessions/sessions.service.js';
import { UserEntity } from './users/user.entity.js';
import { UsersRpcController } from './users/users.rpc-controller.js';
import { UsersService } from './users/users.service.js';
import { Transactions } from './database/transactions.repository.js';
import { UsersRepository } from './users/users.repository.js';
import { UserEventsService } from './users/user-events.service.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { BadgesRepository } from './badges/badges.repository.js';

export const IDENTITY_ENTITIES = [UserEntity, SessionEntity, FlavorBadgeEntity, CityBadgeEntity];

export interface IdentityModuleOptions {
  databaseUrl: string;
  bus: EventBus;
  settings: IdentitySettings;
  logLevel?: string;
  poolSize?: number;
}

@Module({})
export class IdentityModule {
  static forRoot(options: IdentityModuleOptions): DynamicModule {
    const logLevel = options.logLevel ?? process.env.LOG_LEVEL ?? 'info';
    return {
      module: IdentityModule,
      imports: [
        structuredLoggerModule('identity', logLevel),
        TypeOrmModule.forRootAsync({
          name: IDENTITY_DATA_SOURCE,
          useFactory: () => ({
            ...serviceDataSourceOptions({
              url: options.databaseUrl,
              schema: IDENTITY_SCHEMA,
              entities: IDENTITY_ENTITIES,
              migrations: identityMigrations,
              poolSize: options.poolSize,
            }),
            retryAttempts: 3,
            retryDelay: 1000,
          }),
          // Migrations run on start, under the per-schema advisory lock.
          dataSourceFactory: async (dataSourceOptions) => {
            if (!dataSourceOptions) throw new Error('identity: missing data source options');
            return initializeServiceDataSource(new DataSource(dataSourceOptions), IDENTITY_SCHEMA);
          },
        }),
        EventsModule.forRoot({
          schema: IDENTITY_SCHEMA,
          producer: 'identity',
          bus: options.bus,
          dataSourceToken: getDataSourceToken(IDENTITY_DATA_SOURCE),
          runInContext: (envelope, run) => runWithRequestId(envelope.requestId, run),
          logger: createLogger('identity.events', logLevel),
        }),
      ],
      controllers: [
        HealthController,
        AuthRpcController,
        SessionsRpcController,
        UsersRpcController,
        BadgesRpcController,
      ],
      providers: [
        { provide: IDENTITY_SETTINGS, useValue: options.settings },
        { provide: PasswordHasher, useFactory: () => new PasswordHasher(options.settings.argon2) },
        IdentityEvents,
        SessionsService,
        SessionPurgeService,
        UsersService,
        BadgesService,
        AuthService,
        AdminBootstrapService,
        Transactions,
        UsersRepository,
        UserEventsService,
        SessionsRepository,
        BadgesRepository,
      ],
    };
  }
}

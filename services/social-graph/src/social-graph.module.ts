import { Module, type DynamicModule } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { initializeServiceDataSource, serviceDataSourceOptions } from '@dinebuds/database';
import { EventsModule, type EventBus } from '@dinebuds/events';
import { createLogger, runWithRequestId, structuredLoggerModule } from '@dinebuds/logging';
import { DataSource } from 'typeorm';
import { BlockEntity } from './blocks/block.entity.js';
import { BlocksRpcController } from './blocks/blocks.rpc-controller.js';
import { BlocksService } from './blocks/blocks.service.js';
import { SocialEvents } from './common/social-events.js';
import { DEFAULT_EVENTS_QUEUE, SOCIAL_DATA_SOURCE, SOCIAL_PRODUCER, SOCIAL_SCHEMA } from './config.js';
import { socialMigrations } from './database/migrations/index.js';
import { FollowEdges } from './follows/follow-edges.js';
import { FollowRequestEntity } from './follows/follow-request.entity.js';
import { FollowRequestsService } from './follows/follow-requests.service.js';
import { FollowEntity } from './follows/follow.entity.js';
import { FollowsRpcController } from './follows/follows.rpc-controller.js';
import { FollowsService } from './follows/follows.service.js';
import { RequestsRpcController } from './follows/requests.rpc-controller.js';
import { HealthController } from './health/health.controller.js';
import { RecommendationsRpcController } from './recommendations/recommendations.rpc-controller.js';
import { RecommendationsService } from './recommendations/recommendations.service.js';
import { DeletedUserEntity } from './users/deleted-user.entity.js';
import { IdentityUsersConsumer } from './users/identity-users.consumer.js';
import { SocialUserEntity } from './users/social-user.entity.js';
import { UsersProjectionService } from './users/users-projection.service.js';
import { Transactions } from './database/transactions.repository.js';
import { GraphLocks } from './common/graph-locks.repository.js';
import { FollowsRepository } from './follows/follows.repository.js';
import { FollowRequestsRepository } from './follows/follow-requests.repository.js';
import { BlocksRepository } from './blocks/blocks.repository.js';
import { SocialUsersRepository } from './users/social-users.repository.js';
import { RecommendationsRepository } from './recommendations/recommendations.repository.js';

export const SOCIAL_GRAPH_ENTITIES = [
  SocialUserEntity,
  DeletedUserEntity,
  FollowEntity,
  FollowRequestEntity,
  BlockEntity,
];

export interface SocialGraphModuleOptions {
  databaseUrl: string;
  bus: EventBus;
  logLevel?: string;
  poolSize?: number;
  /** Durable queue of the identity consumers. Default 'social-graph.events'. */
  eventsQueue?: string;
  /** Outbox relay poll interval (ms). Default 200 (commits nudge it anyway). */
  relayIntervalMs?: number;
}

@Module({})
export class SocialGraphModule {
  static forRoot(options: SocialGraphModuleOptions): DynamicModule {
    const logLevel = options.logLevel ?? process.env.LOG_LEVEL ?? 'info';
    return {
      module: SocialGraphModule,
      imports: [
        structuredLoggerModule('social-graph', logLevel),
        TypeOrmModule.forRootAsync({
          name: SOCIAL_DATA_SOURCE,
          useFactory: () => ({
            ...serviceDataSourceOptions({
              url: options.databaseUrl,
              schema: SOCIAL_SCHEMA,
              entities: SOCIAL_GRAPH_ENTITIES,
              migrations: socialMigrations,
              poolSize: options.poolSize,
            }),
            retryAttempts: 3,
            retryDelay: 1000,
          }),
          // Migrations run on start, under the per-schema advisory lock.
          dataSourceFactory: async (dataSourceOptions) => {
            if (!dataSourceOptions) throw new Error('social-graph: missing data source options');
            return initializeServiceDataSource(new DataSource(dataSourceOptions), SOCIAL_SCHEMA);
          },
        }),
        EventsModule.forRoot({
          schema: SOCIAL_SCHEMA,
          producer: SOCIAL_PRODUCER,
          bus: options.bus,
          consumerQueue: options.eventsQueue ?? DEFAULT_EVENTS_QUEUE,
          relayIntervalMs: options.relayIntervalMs,
          dataSourceToken: getDataSourceToken(SOCIAL_DATA_SOURCE),
          runInContext: (envelope, run) => runWithRequestId(envelope.requestId, run),
          logger: createLogger('social-graph.events', logLevel),
        }),
      ],
      controllers: [
        HealthController,
        FollowsRpcController,
        RequestsRpcController,
        BlocksRpcController,
        RecommendationsRpcController,
      ],
      providers: [
        SocialEvents,
        FollowEdges,
        UsersProjectionService,
        IdentityUsersConsumer,
        FollowsService,
        FollowRequestsService,
        BlocksService,
        RecommendationsService,
        Transactions,
        GraphLocks,
        FollowsRepository,
        FollowRequestsRepository,
        BlocksRepository,
        SocialUsersRepository,
        RecommendationsRepository,
      ],
    };
  }
}

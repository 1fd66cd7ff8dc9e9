import { SocialExportRepository } from './account/social-export.repository.js';
import { SocialExportRpcController } from './account/social-export.rpc-controller.js';
import { SocialExportService } from './account/social-export.service.js';
import type { EventType } from '@dinebuds/contracts';
import { defineService, type RunningService, type ServiceStartOptions } from '@dinebuds/service-kit';
import { BlockEntity } from './blocks/block.entity.js';
import { BlocksRepository } from './blocks/blocks.repository.js';
import { BlocksRpcController } from './blocks/blocks.rpc-controller.js';
import { MuteEntity } from './mutes/mute.entity.js';
import { MutesRepository } from './mutes/mutes.repository.js';
import { MutesRpcController } from './mutes/mutes.rpc-controller.js';
import { MutesService } from './mutes/mutes.service.js';
import { BlocksService } from './blocks/blocks.service.js';
import { SOCIAL_GRAPH_SERVICE, SOCIAL_SCHEMA } from './config.js';
import { socialMigrations } from './database/migrations/index.js';
import { FollowChanges } from './follows/follow-changes.service.js';
import { FollowRequestEntity } from './follows/follow-request.entity.js';
import { FollowRequestsRepository } from './follows/follow-requests.repository.js';
import { FollowRequestsService } from './follows/follow-requests.service.js';
import { FollowVersionEntity } from './follows/follow-version.entity.js';
import { FollowEntity } from './follows/follow.entity.js';
import { FollowsRepository } from './follows/follows.repository.js';
import { FollowsRpcController } from './follows/follows.rpc-controller.js';
import { FollowsService } from './follows/follows.service.js';
import { PairLocks } from './follows/pair-locks.repository.js';
import { RequestsRpcController } from './follows/requests.rpc-controller.js';
import { DeletedUserEntity } from './projections/identity/deleted-user.entity.js';
import { IdentityUsersConsumer } from './projections/identity/identity-users.consumer.js';
import { SocialUserEntity } from './projections/identity/social-user.entity.js';
import { SocialUsersRepository } from './projections/identity/social-users.repository.js';
import { UserBadgeEntity } from './projections/identity/user-badge.entity.js';
import { UsersProjectionService } from './projections/identity/users-projection.service.js';
import { RecommendationsRepository } from './recommendations/recommendations.repository.js';
import { RecommendationsRpcController } from './recommendations/recommendations.rpc-controller.js';
import { RecommendationsService } from './recommendations/recommendations.service.js';

/** The events social-graph records (all social.*): use cases inject `ServiceEvents<SocialEventType>`. */
export type SocialEventType = Extract<EventType, `social.${string}`>;

/** Only the kit's common options (eventsQueue and relayIntervalMs among them). */
export type SocialGraphServiceOptions = ServiceStartOptions;
export type RunningSocialGraphService = RunningService;

/** One entity per table of the schema (the outbox and inbox are the events library's). */
export const SOCIAL_GRAPH_ENTITIES = [
  SocialUserEntity,
  UserBadgeEntity,
  DeletedUserEntity,
  FollowEntity,
  FollowVersionEntity,
  FollowRequestEntity,
  BlockEntity,
  MuteEntity,
];

/** Follows, follow requests, blocks, recommendations, and a projection of identity's users. */
export const socialGraphService = defineService({
  name: SOCIAL_GRAPH_SERVICE,
  schema: SOCIAL_SCHEMA,
  defaultPort: 4102,
  entities: SOCIAL_GRAPH_ENTITIES,
  migrations: socialMigrations,
  controllers: [
    FollowsRpcController,
    SocialExportRpcController,
    RequestsRpcController,
    BlocksRpcController,
    MutesRpcController,
    RecommendationsRpcController,
  ],
  providers: [
    FollowsService,
    SocialExportService,
    SocialExportRepository,
    FollowRequestsService,
    FollowChanges,
    FollowsRepository,
    FollowRequestsRepository,
    PairLocks,
    BlocksService,
    BlocksRepository,
    MutesService,
    MutesRepository,
    RecommendationsService,
    RecommendationsRepository,
    IdentityUsersConsumer,
    UsersProjectionService,
    SocialUsersRepository,
  ],
  bodyLimit: '100kb',
});

/** Starts social-graph: migrations, consumers (before the relay), outbox relay, then HTTP. */
export const startSocialGraphService = (
  options: SocialGraphServiceOptions,
): Promise<RunningSocialGraphService> => socialGraphService.start(options);

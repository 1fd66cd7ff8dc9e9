import { defineService, type RunningService, type ServiceStartOptions } from '@dinebuds/service-kit';
import { BlockEntity } from './blocks/block.entity.js';
import { BlocksRpcController } from './blocks/blocks.rpc-controller.js';
import { BlocksService } from './blocks/blocks.service.js';
import { SocialEvents } from './common/social-events.js';
import { SOCIAL_DATA_SOURCE, SOCIAL_SCHEMA } from './config.js';
import { socialMigrations } from './database/migrations/index.js';
import { FollowEdges } from './follows/follow-edges.js';
import { FollowEvents } from './follows/follow-events.js';
import { FollowRequestEntity } from './follows/follow-request.entity.js';
import { FollowRequestsService } from './follows/follow-requests.service.js';
import { FollowEntity } from './follows/follow.entity.js';
import { FollowsRpcController } from './follows/follows.rpc-controller.js';
import { FollowsService } from './follows/follows.service.js';
import { RequestsRpcController } from './follows/requests.rpc-controller.js';
import { RecommendationsRpcController } from './recommendations/recommendations.rpc-controller.js';
import { RecommendationsService } from './recommendations/recommendations.service.js';
import { DeletedUserEntity } from './users/deleted-user.entity.js';
import { IdentityUsersConsumer } from './users/identity-users.consumer.js';
import { SocialUserEntity } from './users/social-user.entity.js';
import { UsersProjectionService } from './users/users-projection.service.js';
import { GraphLocks } from './common/graph-locks.repository.js';
import { FollowsRepository } from './follows/follows.repository.js';
import { FollowRequestsRepository } from './follows/follow-requests.repository.js';
import { BlocksRepository } from './blocks/blocks.repository.js';
import { SocialUsersRepository } from './users/social-users.repository.js';
import { RecommendationsRepository } from './recommendations/recommendations.repository.js';

/** Only the kit's common options (eventsQueue and relayIntervalMs among them). */
export type SocialGraphServiceOptions = ServiceStartOptions;
export type RunningSocialGraphService = RunningService;

export const SOCIAL_GRAPH_ENTITIES = [
  SocialUserEntity,
  DeletedUserEntity,
  FollowEntity,
  FollowRequestEntity,
  BlockEntity,
];

/** Follows, follow requests, blocks, recommendations, and a projection of identity's users. */
export const socialGraphService = defineService({
  name: SOCIAL_DATA_SOURCE,
  schema: SOCIAL_SCHEMA,
  defaultPort: 4102,
  entities: SOCIAL_GRAPH_ENTITIES,
  migrations: socialMigrations,
  controllers: [
    FollowsRpcController,
    RequestsRpcController,
    BlocksRpcController,
    RecommendationsRpcController,
  ],
  providers: [
    SocialEvents,
    FollowEdges,
    FollowEvents,
    UsersProjectionService,
    IdentityUsersConsumer,
    FollowsService,
    FollowRequestsService,
    BlocksService,
    RecommendationsService,
    GraphLocks,
    FollowsRepository,
    FollowRequestsRepository,
    BlocksRepository,
    SocialUsersRepository,
    RecommendationsRepository,
  ],
  bodyLimit: '100kb',
});

/** Starts social-graph: migrations, consumers (before the relay), outbox relay, then HTTP. */
export const startSocialGraphService = (
  options: SocialGraphServiceOptions,
): Promise<RunningSocialGraphService> => socialGraphService.start(options);

import { RestaurantRatingEntity } from './restaurants/restaurant-rating.entity.js';
import { ReadSnapshotEntity, ViewerReadVersionEntity } from './read-snapshots/read-snapshot.entity.js';
import { ReadSnapshotsRepository } from './read-snapshots/read-snapshots.repository.js';
import { ReadSnapshotsService } from './read-snapshots/read-snapshots.service.js';
import { AccountRpcController } from './account/account.rpc-controller.js';
import { ReviewsExportRepository } from './account/reviews-export.repository.js';
import { ReviewsExportService } from './account/reviews-export.service.js';
import { SavedImportService } from './saved/saved-import.service.js';
import type { EventType } from '@dinebuds/contracts';
import { defineService, type RunningService, type ServiceStartOptions } from '@dinebuds/service-kit';
import { CheckInEntity } from './activity/check-in.entity.js';
import { CheckInCommentEntity } from './check-ins/check-in-comment.entity.js';
import { CheckInLikeEntity } from './check-ins/check-in-like.entity.js';
import { CheckInsRepository } from './check-ins/check-ins.repository.js';
import { CheckInsRpcController } from './check-ins/check-ins.rpc-controller.js';
import { CheckInsService } from './check-ins/check-ins.service.js';
import { CheckInCloserService } from './check-ins/check-in-closer.service.js';
import { StatusEntity } from './check-ins/status.entity.js';
import { StatusCommentEntity } from './check-ins/status-comment.entity.js';
import { StatusLikeEntity } from './check-ins/status-like.entity.js';
import { ReactionsRepository } from './reactions/reactions.repository.js';
import {
  CheckInReactionsRpcController,
  StatusReactionsRpcController,
} from './reactions/reactions.rpc-controller.js';
import { ReactionsService } from './reactions/reactions.service.js';
import { StatusesRepository } from './check-ins/statuses.repository.js';
import { StatusesRpcController } from './check-ins/statuses.rpc-controller.js';
import { StatusesService } from './check-ins/statuses.service.js';
import { ActivityRepository } from './activity/activity.repository.js';
import { ActivityRpcController } from './activity/activity.rpc-controller.js';
import { ActivityService } from './activity/activity.service.js';
import { AdminReviewsRepository } from './admin-reviews/admin-reviews.repository.js';
import { AdminReviewsRpcController } from './admin-reviews/admin-reviews.rpc-controller.js';
import { AdminReviewsService } from './admin-reviews/admin-reviews.service.js';
import {
  REVIEWS_DATA_SOURCE,
  REVIEWS_SCHEMA,
  REVIEWS_SETTINGS,
  reviewsOptionsFromEnv,
  reviewsSettings,
  type ReviewsOptions,
  type ReviewsSettings,
} from './config.js';
import { reviewsMigrations } from './database/migrations/index.js';
import { DeletedUserEntity } from './projections/identity/deleted-user.entity.js';
import { IdentityUserEntity } from './projections/identity/identity-user.entity.js';
import { UserBadgesEntity } from './projections/identity/user-badges.entity.js';
import { BlocksConsumer } from './projections/social-graph/blocks.consumer.js';
import { MuteEntity } from './projections/social-graph/mute.entity.js';
import { MutesConsumer } from './projections/social-graph/mutes.consumer.js';
import { DiscoveryRepository } from './discovery/discovery.repository.js';
import { DiscoveryRpcController } from './discovery/discovery.rpc-controller.js';
import { DiscoveryService } from './discovery/discovery.service.js';
import { RestaurantEntity } from './restaurants/restaurant.entity.js';
import { ReviewEntity } from './reviews/review.entity.js';
import { SaveVersionEntity } from './saved/save-version.entity.js';
import { SavedRestaurantEntity } from './saved/saved-restaurant.entity.js';
import { PrivacyService } from './privacy/privacy.service.js';
import { IdentityUsersConsumer } from './projections/identity/identity-users.consumer.js';
import { IdentityUsersRepository } from './projections/identity/identity-users.repository.js';
import { IdentityUsersService } from './projections/identity/identity-users.service.js';
import { FollowsConsumer } from './projections/social-graph/follows.consumer.js';
import {
  SOCIAL_GRAPH_EDGE_ENTITIES,
  SocialGraphEdgesRepository,
} from './projections/social-graph/social-graph-edges.repository.js';
import { RestaurantsRepository } from './restaurants/restaurants.repository.js';
import { RestaurantsRpcController } from './restaurants/restaurants.rpc-controller.js';
import { RestaurantsService } from './restaurants/restaurants.service.js';
import { RestaurantsAdminRepository } from './restaurants-admin/restaurants-admin.repository.js';
import { RestaurantsAdminRpcController } from './restaurants-admin/restaurants-admin.rpc-controller.js';
import { RestaurantsAdminService } from './restaurants-admin/restaurants-admin.service.js';
import { ReviewsRepository } from './reviews/reviews.repository.js';
import { ReviewsRpcController } from './reviews/reviews.rpc-controller.js';
import { ReviewsService } from './reviews/reviews.service.js';
import { SavedRepository } from './saved/saved.repository.js';
import { SavedRpcController } from './saved/saved.rpc-controller.js';
import { SavedService } from './saved/saved.service.js';

/** The events the reviews service publishes (all reviews.*, every one versioned; and admins' actions). */
export type ReviewsEventType = Extract<EventType, `reviews.${string}`> | 'admin.action.recorded';

export type ReviewsServiceOptions = ServiceStartOptions & ReviewsOptions;
export type RunningReviewsService = RunningService;

/** One entity per table of the reviews schema (the events' outbox and inbox aside). */
export const REVIEWS_ENTITIES = [
  RestaurantEntity,
  ReviewEntity,
  SavedRestaurantEntity,
  SaveVersionEntity,
  CheckInEntity,
  IdentityUserEntity,
  DeletedUserEntity,
  UserBadgesEntity,
  ...Object.values(SOCIAL_GRAPH_EDGE_ENTITIES),
  CheckInLikeEntity,
  CheckInCommentEntity,
  MuteEntity,
  RestaurantRatingEntity,
  ReadSnapshotEntity,
  ViewerReadVersionEntity,
  StatusEntity,
  StatusLikeEntity,
  StatusCommentEntity,
];

/**
 * Restaurants, reviews, saved restaurants, check-ins, activity and discovery (rankings by buds,
 * taste match, search, recommendations, the feed), with projections of identity's users and
 * social-graph's follows and blocks. Repositories speak SQL where a read is one statement shaped
 * for its index.
 */
export const reviewsService = defineService<ReviewsOptions, ReviewsSettings>({
  name: REVIEWS_DATA_SOURCE,
  schema: REVIEWS_SCHEMA,
  defaultPort: 4103,
  entities: REVIEWS_ENTITIES,
  migrations: reviewsMigrations,
  controllers: [
    ReviewsRpcController,
    AccountRpcController,
    RestaurantsRpcController,
    SavedRpcController,
    ActivityRpcController,
    DiscoveryRpcController,
    CheckInsRpcController,
    StatusesRpcController,
    CheckInReactionsRpcController,
    StatusReactionsRpcController,
    RestaurantsAdminRpcController,
    AdminReviewsRpcController,
  ],
  providers: [
    ReviewsExportRepository,
    ReviewsExportService,
    SavedImportService,
    IdentityUsersRepository,
    IdentityUsersService,
    IdentityUsersConsumer,
    SocialGraphEdgesRepository,
    FollowsConsumer,
    BlocksConsumer,
    MutesConsumer,
    PrivacyService,
    RestaurantsRepository,
    RestaurantsService,
    ReviewsRepository,
    ReviewsService,
    SavedRepository,
    SavedService,
    ActivityRepository,
    ActivityService,
    DiscoveryRepository,
    DiscoveryService,
    ReadSnapshotsRepository,
    ReadSnapshotsService,
    CheckInsRepository,
    CheckInsService,
    CheckInCloserService,
    StatusesRepository,
    StatusesService,
    ReactionsRepository,
    ReactionsService,
    RestaurantsAdminRepository,
    RestaurantsAdminService,
    AdminReviewsRepository,
    AdminReviewsService,
  ],
  settings: { token: REVIEWS_SETTINGS, from: reviewsSettings },
  fromEnv: reviewsOptionsFromEnv,
  // A restaurant photo arrives base64 in JSON: 5 MB of bytes is ~6.7 MB of text.
  bodyLimit: '8mb',
});

/** Starts reviews: migrations, consumers (before the relay), outbox relay, then HTTP. */
export const startReviewsService = (options: ReviewsServiceOptions): Promise<RunningReviewsService> =>
  reviewsService.start(options);

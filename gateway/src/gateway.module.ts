import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { structuredLoggerModule } from '@dinebuds/logging';
import { AccountController } from './account/account.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { sessionCacheProvider } from './auth/session-cache.provider.js';
import { SessionGuard } from './auth/session.guard.js';
import { BadgesController } from './badges/badges.controller.js';
import { AdminBadgesController } from './badges/admin-badges.controller.js';
import { DiscoveryController } from './discovery/discovery.controller.js';
import {
  CheckInReactionsController,
  StatusReactionsController,
} from './discovery/post-reactions.controller.js';
import { EnvController } from './env/env.controller.js';
import type { ResolvedGatewayOptions } from './gateway-options.js';
import { HealthModule } from './health/health.module.js';
import { BodyTypeGuard } from './http/body-type.guard.js';
import { messageStreamHubProvider } from './messaging/message-stream-hub.js';
import { MessageStreamController } from './messaging/message-stream.controller.js';
import { MessagesController } from './messaging/messages.controller.js';
import { AppealsController } from './moderation/appeals.controller.js';
import { FeedbackController } from './moderation/feedback.controller.js';
import { ModerationAdminController } from './moderation/moderation-admin.controller.js';
import { AdminUsersController } from './admin-users/admin-users.controller.js';
import { ReportsController } from './moderation/reports.controller.js';
import { RateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { SessionsController } from './sessions/sessions.controller.js';
import { BlocksController } from './social/blocks.controller.js';
import { SafetyController } from './social/safety.controller.js';
import { FollowsController } from './social/follows.controller.js';
import { RecommendationsController } from './social/recommendations.controller.js';
import { ServiceClientsModule } from './upstream/service-clients.js';
import { RestaurantsController } from './restaurants/restaurants.controller.js';
import { RestaurantsAdminController } from './restaurants/restaurants-admin.controller.js';
import { ReviewsController } from './reviews/reviews.controller.js';
import { AdminReviewsController } from './reviews/admin-reviews.controller.js';
import { UsersController } from './users/users.controller.js';

/**
 * The gateway: owns no data; authenticates the session, checks request shapes, limits rates,
 * and forwards typed calls to the owning service. Guards run in the order listed: the rate limit
 * before the session lookup, so a flood never reaches identity.
 *
 * Every route takes a JSON body (or none) but the profile-picture upload (@MultipartBody()).
 *
 * Controllers register their routes in the order listed, and the first matching route wins:
 * the static /users/blocked, /users/recommended (and /users/block, /users/unblock) come before
 * UsersController's /users/:id, and FollowsController's /users/:id/followers after its
 * /users/by-username/:username.
 */
@Module({})
export class GatewayModule {
  static forRoot(options: ResolvedGatewayOptions): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        structuredLoggerModule('gateway', options.logLevel),
        ServiceClientsModule.forRoot(options),
        HealthModule,
      ],
      controllers: [
        AuthController,
        AccountController,
        SessionsController,
        BlocksController,
        SafetyController,
        RecommendationsController,
        UsersController,
        BadgesController,
        AdminBadgesController,
        FollowsController,
        EnvController,
        ReviewsController,
        AdminReviewsController,
        DiscoveryController,
        CheckInReactionsController,
        StatusReactionsController,
        RestaurantsController,
        RestaurantsAdminController,
        MessagesController,
        MessageStreamController,
        FeedbackController,
        ReportsController,
        ModerationAdminController,
        AdminUsersController,
        AppealsController,
      ],
      providers: [
        sessionCacheProvider(options),
        messageStreamHubProvider(options),
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_GUARD, useClass: SessionGuard },
        { provide: APP_GUARD, useClass: BodyTypeGuard },
      ],
    };
  }
}

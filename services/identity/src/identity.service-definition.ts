import type { INestApplication } from '@nestjs/common';
import type { EventType } from '@dinebuds/contracts';
import { defineService, type RunningService, type ServiceStartOptions } from '@dinebuds/service-kit';
import { AccountRpcController } from './account/account.rpc-controller.js';
import { AccountService } from './account/account.service.js';
import { AdminUsersRepository } from './admin-users/admin-users.repository.js';
import { AdminUsersRpcController } from './admin-users/admin-users.rpc-controller.js';
import { AdminUsersService } from './admin-users/admin-users.service.js';
import { AdminBootstrapService } from './auth/admin-bootstrap.service.js';
import { AuthRpcController } from './auth/auth.rpc-controller.js';
import { AuthService } from './auth/auth.service.js';
import { PasswordHasher, argon2Threads } from './auth/password-hasher.js';
import { LoginThrottle } from './auth/login-throttle.js';
import { PasswordWorkQueue } from './auth/password-work-queue.js';
import { BadgesRpcController } from './badges/badges.rpc-controller.js';
import { AdminBadgesRepository } from './badges/admin-badges.repository.js';
import { AdminBadgesRpcController } from './badges/admin-badges.rpc-controller.js';
import { AdminBadgesService } from './badges/admin-badges.service.js';
import { BadgeNameEntity } from './badges/badge-name.entity.js';
import { CityTierEntity } from './badges/city-tier.entity.js';
import { BadgesService } from './badges/badges.service.js';
import { CityBadgeEntity } from './badges/city-badge.entity.js';
import { FlavorBadgeEntity } from './badges/flavor-badge.entity.js';
import { BadgesRepository } from './badges/badges.repository.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { UsersRepository } from './users/users.repository.js';
import {
  IDENTITY_SCHEMA,
  IDENTITY_SETTINGS,
  identityOptionsFromEnv,
  identitySettings,
  type IdentityOptions,
  type IdentitySettings,
} from './config.js';
import { identityMigrations } from './database/migrations/index.js';
import { SessionEntity } from './sessions/session.entity.js';
import { SessionPurgeService } from './sessions/session-purge.service.js';
import { SessionsRpcController } from './sessions/sessions.rpc-controller.js';
import { SessionsService } from './sessions/sessions.service.js';
import { UserEntity } from './users/user.entity.js';
import { UsersRpcController } from './users/users.rpc-controller.js';
import { UsersService } from './users/users.service.js';
import { CityReviewCountEntity } from './projections/reviews/city-review-count.entity.js';
import { ReviewTallyEntity } from './projections/reviews/review-tally.entity.js';
import { ReviewsConsumer } from './projections/reviews/reviews.consumer.js';
import { ReviewTalliesRepository } from './projections/reviews/review-tallies.repository.js';
import { ReviewTalliesService } from './projections/reviews/review-tallies.service.js';

/**
 * The events identity records (all identity.*): use cases inject `ServiceEvents<IdentityEventType>`.
 * identity.user.* changes carry the user's next version (UsersRepository.nextVersion), taken in the
 * transaction of the change, as aggregateVersion; access-changed carries none.
 */
export type IdentityEventType = Extract<EventType, `identity.${string}` | 'admin.action.recorded'>;

export type { IdentityOptions };
export type IdentityServiceOptions = ServiceStartOptions & IdentityOptions;
export type RunningIdentityService = RunningService;

export const IDENTITY_ENTITIES = [
  UserEntity,
  SessionEntity,
  FlavorBadgeEntity,
  CityBadgeEntity,
  BadgeNameEntity,
  CityTierEntity,
  ReviewTallyEntity,
  CityReviewCountEntity,
];

/** Users, credentials, sessions, profile pictures, flavor and city badges. */
export const identityService = defineService<IdentityOptions, IdentitySettings>({
  name: 'identity',
  schema: IDENTITY_SCHEMA,
  defaultPort: 4101,
  entities: IDENTITY_ENTITIES,
  migrations: identityMigrations,
  controllers: [
    AuthRpcController,
    SessionsRpcController,
    UsersRpcController,
    BadgesRpcController,
    AccountRpcController,
    AdminUsersRpcController,
    AdminBadgesRpcController,
  ],
  providers: [
    {
      provide: PasswordHasher,
      useFactory: (settings: IdentitySettings) =>
        new PasswordHasher(
          settings.argon2,
          new PasswordWorkQueue(settings.passwordWork),
          argon2Threads({
            count: settings.passwordWork.concurrency,
            nice: settings.passwordWorkNice,
          }),
        ),
      inject: [IDENTITY_SETTINGS],
    },
    {
      provide: LoginThrottle,
      useFactory: (settings: IdentitySettings) => new LoginThrottle(settings.loginThrottle),
      inject: [IDENTITY_SETTINGS],
    },
    UsersRepository,
    SessionsRepository,
    BadgesRepository,
    SessionsService,
    SessionPurgeService,
    UsersService,
    AccountService,
    BadgesService,
    AdminBadgesRepository,
    AdminBadgesService,
    AuthService,
    AdminBootstrapService,
    ReviewTalliesRepository,
    ReviewTalliesService,
    ReviewsConsumer,
    AdminUsersRepository,
    AdminUsersService,
  ],
  settings: { token: IDENTITY_SETTINGS, from: identitySettings },
  fromEnv: identityOptionsFromEnv,
  // The first admin account exists before the first call is served.
  async onReady(app: INestApplication, options) {
    if (options.adminUsername && options.adminPassword)
      await app.get(AdminBootstrapService).ensureAdmin(options.adminUsername, options.adminPassword);
  },
});

/** Starts identity: migrations, event relay, admin bootstrap, then HTTP. */
export const startIdentityService = (options: IdentityServiceOptions): Promise<RunningIdentityService> =>
  identityService.start(options);

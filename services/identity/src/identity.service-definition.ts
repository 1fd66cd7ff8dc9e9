import type { INestApplication } from '@nestjs/common';
import { defineService, type RunningService, type ServiceStartOptions } from '@dinebuds/service-kit';
import { AdminBootstrapService } from './auth/admin-bootstrap.service.js';
import { AuthRpcController } from './auth/auth.rpc-controller.js';
import { AuthService } from './auth/auth.service.js';
import { argon2Cost, PasswordHasher } from './auth/password-hasher.js';
import { BadgesRpcController } from './badges/badges.rpc-controller.js';
import { BadgesService } from './badges/badges.service.js';
import { CityBadgeEntity } from './badges/city-badge.entity.js';
import { FlavorBadgeEntity } from './badges/flavor-badge.entity.js';
import { BadgesRepository } from './badges/badges.repository.js';
import { Transactions } from './database/transactions.repository.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { UserEventsService } from './users/user-events.service.js';
import { UsersRepository } from './users/users.repository.js';
import {
  DEFAULT_SESSION_PURGE_INTERVAL_MS,
  DEFAULT_SESSION_TTL_MS,
  IDENTITY_SCHEMA,
  IDENTITY_SETTINGS,
  loadIdentityEnv,
  MAX_TIMER_DELAY_MS,
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
import { ReviewsConsumer } from './reviews/reviews.consumer.js';
import { ReviewTalliesRepository } from './reviews/review-tallies.repository.js';
import { ReviewTalliesService } from './reviews/review-tallies.service.js';

/** Identity's own start options (the kit's common ones are in ServiceStartOptions). */
export interface IdentityOptions {
  adminUsername?: string;
  adminPassword?: string;
  /** argon2id cost; never below OWASP's 19456 KiB / 2 passes. */
  argon2?: { memoryCost: number; timeCost: number };
  /** Session lifetime since last use. Default 30 days. */
  sessionTtlMs?: number;
  /** How often expired sessions are deleted. Default 1 hour. */
  sessionPurgeIntervalMs?: number;
}

export type IdentityServiceOptions = ServiceStartOptions & IdentityOptions;
export type RunningIdentityService = RunningService;

export const IDENTITY_ENTITIES = [UserEntity, SessionEntity, FlavorBadgeEntity, CityBadgeEntity];

/** Refuses a half-configured admin and session timings a timer cannot honour. */
function identitySettings(options: IdentityServiceOptions): IdentitySettings {
  if (Boolean(options.adminUsername) !== Boolean(options.adminPassword)) {
    throw new Error(
      'identity: set both adminUsername and adminPassword (ADMIN_USERNAME / ADMIN_PASSWORD), or neither',
    );
  }
  const settings: IdentitySettings = {
    argon2: argon2Cost(options.argon2),
    sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    sessionPurgeIntervalMs: options.sessionPurgeIntervalMs ?? DEFAULT_SESSION_PURGE_INTERVAL_MS,
    adminUsername: options.adminUsername,
    adminPassword: options.adminPassword,
  };
  if (!(settings.sessionTtlMs > 0)) throw new Error('identity: sessionTtlMs must be positive');
  const purgeEvery = settings.sessionPurgeIntervalMs;
  if (!Number.isInteger(purgeEvery) || purgeEvery <= 0 || purgeEvery > MAX_TIMER_DELAY_MS)
    throw new Error(`identity: sessionPurgeIntervalMs must be an integer from 1 to ${MAX_TIMER_DELAY_MS}`);
  return settings;
}

/** Users, credentials, sessions, profile pictures, flavor and city badges. */
export const identityService = defineService<IdentityOptions, IdentitySettings>({
  name: 'identity',
  schema: IDENTITY_SCHEMA,
  defaultPort: 4101,
  entities: IDENTITY_ENTITIES,
  migrations: identityMigrations,
  controllers: [AuthRpcController, SessionsRpcController, UsersRpcController, BadgesRpcController],
  providers: [
    {
      provide: PasswordHasher,
      useFactory: (settings: IdentitySettings) => new PasswordHasher(settings.argon2),
      inject: [IDENTITY_SETTINGS],
    },
    Transactions,
    UsersRepository,
    UserEventsService,
    SessionsRepository,
    BadgesRepository,
    SessionsService,
    SessionPurgeService,
    UsersService,
    BadgesService,
    AuthService,
    AdminBootstrapService,
    ReviewTalliesRepository,
    ReviewTalliesService,
    ReviewsConsumer,
  ],
  settings: { token: IDENTITY_SETTINGS, from: identitySettings },
  fromEnv(env) {
    const config = loadIdentityEnv(env);
    return {
      adminUsername: config.ADMIN_USERNAME,
      adminPassword: config.ADMIN_PASSWORD,
      sessionTtlMs: config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
      sessionPurgeIntervalMs: config.SESSION_PURGE_INTERVAL_MINUTES * 60 * 1000,
    };
  },
  // The first admin account exists before the first call is served.
  async onReady(app: INestApplication, options) {
    if (options.adminUsername && options.adminPassword)
      await app.get(AdminBootstrapService).ensureAdmin(options.adminUsername, options.adminPassword);
  },
});

/** Starts identity: migrations, event relay, admin bootstrap, then HTTP. */
export const startIdentityService = (options: IdentityServiceOptions): Promise<RunningIdentityService> =>
  identityService.start(options);

import type { INestApplication } from '@nestjs/common';
import type { EventType } from '@dinebuds/contracts';
import { defineService, type RunningService, type ServiceStartOptions } from '@dinebuds/service-kit';
import { AdminBootstrapService } from './auth/admin-bootstrap.service.js';
import { AuthRpcController } from './auth/auth.rpc-controller.js';
import { AuthService } from './auth/auth.service.js';
import { Argon2Threads } from './auth/argon2-threads.js';
import { argon2Cost, PasswordHasher } from './auth/password-hasher.js';
import { DEFAULT_LOGIN_THROTTLE, LoginThrottle, type LoginThrottleLimits } from './auth/login-throttle.js';
import {
  checkPasswordWorkLimits,
  defaultPasswordWorkLimits,
  PasswordWorkQueue,
  QUEUED_PER_WORKER,
  type PasswordWorkLimits,
} from './auth/password-work-queue.js';
import { BadgesRpcController } from './badges/badges.rpc-controller.js';
import { BadgesService } from './badges/badges.service.js';
import { CityBadgeEntity } from './badges/city-badge.entity.js';
import { FlavorBadgeEntity } from './badges/flavor-badge.entity.js';
import { BadgesRepository } from './badges/badges.repository.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { UsersRepository } from './users/users.repository.js';
import {
  DEFAULT_SESSION_PURGE_INTERVAL_MS,
  DEFAULT_PASSWORD_WORK_NICE,
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
import { CityReviewCountEntity } from './projections/reviews/city-review-count.entity.js';
import { ReviewTallyEntity } from './projections/reviews/review-tally.entity.js';
import { ReviewsConsumer } from './projections/reviews/reviews.consumer.js';
import { ReviewTalliesRepository } from './projections/reviews/review-tallies.repository.js';
import { ReviewTalliesService } from './projections/reviews/review-tallies.service.js';

/** Identity's own start options (the kit's common ones are in ServiceStartOptions). */
export interface IdentityOptions {
  adminUsername?: string;
  adminPassword?: string;
  /** argon2id cost; never below OWASP's 19456 KiB / 2 passes. */
  argon2?: { memoryCost: number; timeCost: number };
  /** Bounded password work (defaults: half the cores, 8 waiting per slot, 1 s wait). */
  passwordWork?: Partial<PasswordWorkLimits>;
  /** OS priority (nice, 0-19) of the hashing threads; default 10. */
  passwordWorkNice?: number;
  /**
   * The hashing threads run under SCHED_IDLE where chrt can set it (default true): a sign-in storm
   * then takes only cores nothing else wants. Tests that share the cores with other test
   * workers turn it off, or their hashes would crawl.
   */
  passwordWorkIdle?: boolean;
  /** Per-account throttle of failed sign-ins (defaults: 5 free, then 30 s doubling to 15 min). */
  loginThrottle?: Partial<LoginThrottleLimits>;
  /** Session lifetime since last use. Default 30 days. */
  sessionTtlMs?: number;
  /** How often expired sessions are deleted. Default 1 hour. */
  sessionPurgeIntervalMs?: number;
}

/**
 * The events identity records (all identity.*): use cases inject `ServiceEvents<IdentityEventType>`.
 * identity.user.* changes carry the user's next version (UsersRepository.nextVersion), taken in the
 * transaction of the change, as aggregateVersion; access-changed carries none.
 */
export type IdentityEventType = Extract<EventType, `identity.${string}`>;

export type IdentityServiceOptions = ServiceStartOptions & IdentityOptions;
export type RunningIdentityService = RunningService;

export const IDENTITY_ENTITIES = [
  UserEntity,
  SessionEntity,
  FlavorBadgeEntity,
  CityBadgeEntity,
  ReviewTallyEntity,
  CityReviewCountEntity,
];

/** Refuses a half-configured admin and session timings a timer cannot honour. */
function identitySettings(options: IdentityServiceOptions): IdentitySettings {
  if (Boolean(options.adminUsername) !== Boolean(options.adminPassword)) {
    throw new Error(
      'identity: set both adminUsername and adminPassword (ADMIN_USERNAME / ADMIN_PASSWORD), or neither',
    );
  }
  const work = defaultPasswordWorkLimits();
  const concurrency = options.passwordWork?.concurrency ?? work.concurrency;
  const loginThrottle = { ...DEFAULT_LOGIN_THROTTLE, ...options.loginThrottle };
  if (!(
    loginThrottle.freeFailures >= 1 &&
    loginThrottle.baseLockMs > 0 &&
    loginThrottle.maxLockMs >= loginThrottle.baseLockMs
  ))
    throw new Error('identity: loginThrottle needs freeFailures >= 1 and 0 < baseLockMs <= maxLockMs');
  const settings: IdentitySettings = {
    argon2: argon2Cost(options.argon2),
    passwordWork: checkPasswordWorkLimits({
      concurrency,
      maxQueued: options.passwordWork?.maxQueued ?? concurrency * QUEUED_PER_WORKER,
      maxWaitMs: options.passwordWork?.maxWaitMs ?? work.maxWaitMs,
    }),
    passwordWorkNice: options.passwordWorkNice ?? DEFAULT_PASSWORD_WORK_NICE,
    passwordWorkIdle: options.passwordWorkIdle ?? true,
    loginThrottle,
    sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    sessionPurgeIntervalMs: options.sessionPurgeIntervalMs ?? DEFAULT_SESSION_PURGE_INTERVAL_MS,
    adminUsername: options.adminUsername,
    adminPassword: options.adminPassword,
  };
  if (!(settings.sessionTtlMs > 0)) throw new Error('identity: sessionTtlMs must be positive');
  const nice = settings.passwordWorkNice;
  if (!Number.isInteger(nice) || nice < 0 || nice > 19)
    throw new Error('identity: passwordWorkNice must be an integer from 0 to 19');
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
      useFactory: (settings: IdentitySettings) =>
        new PasswordHasher(
          settings.argon2,
          new PasswordWorkQueue(settings.passwordWork),
          new Argon2Threads({
            count: settings.passwordWork.concurrency,
            nice: settings.passwordWorkNice,
            idle: settings.passwordWorkIdle,
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
      passwordWork: {
        ...(config.PASSWORD_WORK_CONCURRENCY ? { concurrency: config.PASSWORD_WORK_CONCURRENCY } : {}),
        ...(config.PASSWORD_WORK_QUEUE !== undefined ? { maxQueued: config.PASSWORD_WORK_QUEUE } : {}),
        maxWaitMs: config.PASSWORD_WORK_MAX_WAIT_MS,
      },
      passwordWorkNice: config.PASSWORD_WORK_NICE,
      passwordWorkIdle: config.PASSWORD_WORK_SCHED_IDLE,
      loginThrottle: {
        freeFailures: config.LOGIN_FREE_FAILURES,
        baseLockMs: config.LOGIN_LOCK_SECONDS * 1000,
        maxLockMs: config.LOGIN_LOCK_MAX_SECONDS * 1000,
      },
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

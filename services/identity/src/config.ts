import { envBool, loadConfig, z } from '@dinebuds/config';
import type { ServiceEnv } from '@dinebuds/service-kit';
import type { LoginThrottleLimits } from './auth/login-throttle.js';
import type { PasswordWorkLimits } from './auth/password-work-queue.js';

/**
 * Identity's own environment (the kit reads PORT, HOST, DATABASE_URL, AMQP_URL, INTERNAL_TOKEN and
 * LOG_LEVEL for every service).
 */
/** Hashing threads yield the cores to the event loop and PostgreSQL when both want them. */
export const DEFAULT_PASSWORD_WORK_NICE = 10;

export const identityEnvShape = {
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** How often expired sessions are deleted (at most ~24 days: a timer's limit). */
  SESSION_PURGE_INTERVAL_MINUTES: z.coerce.number().int().positive().max(35_791).default(60),
  /** argon2id work at once; unset: half the cores (at least 1). */
  PASSWORD_WORK_CONCURRENCY: z.coerce.number().int().positive().optional(),
  /** Sign-ins/registrations allowed to wait for password work; unset: 8 per slot. */
  PASSWORD_WORK_QUEUE: z.coerce.number().int().nonnegative().optional(),
  /** Longest wait for password work before 503. */
  PASSWORD_WORK_MAX_WAIT_MS: z.coerce.number().int().positive().default(1000),
  /** OS priority (nice 0-19) of the hashing threads: higher yields the cores to reads sooner. */
  PASSWORD_WORK_NICE: z.coerce.number().int().min(0).max(19).default(DEFAULT_PASSWORD_WORK_NICE),
  /** The hashing threads run under SCHED_IDLE (Linux, with util-linux's chrt): only on a core nothing else wants. */
  PASSWORD_WORK_SCHED_IDLE: envBool(true),
  /** Failed sign-ins of one account before it is locked for a while. */
  LOGIN_FREE_FAILURES: z.coerce.number().int().positive().default(5),
  /** First lock of an account; it doubles with each further failure up to the maximum. */
  LOGIN_LOCK_SECONDS: z.coerce.number().int().positive().default(30),
  LOGIN_LOCK_MAX_SECONDS: z.coerce.number().int().positive().default(900),
};

export function loadIdentityEnv(env: ServiceEnv = process.env) {
  return loadConfig(identityEnvShape, env);
}

/** OWASP's argon2id floor (19 MiB, 2 passes, 1 lane); options may only raise it. */
export const ARGON2_DEFAULTS = { memoryCost: 19456, timeCost: 2 } as const;

export const DEFAULT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const DEFAULT_SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** setInterval's largest delay; a longer one would fire at once, every millisecond. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;
/** Expired sessions deleted per statement, so a large backlog never holds locks for long. */
export const SESSION_PURGE_BATCH = 1000;
/** last_seen_at is written at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** Settings every identity provider reads, derived from the start options. */
export interface IdentitySettings {
  argon2: { memoryCost: number; timeCost: number };
  passwordWork: PasswordWorkLimits;
  /** OS priority (nice) of the hashing threads. */
  passwordWorkNice: number;
  /** Whether the hashing threads run under SCHED_IDLE. */
  passwordWorkIdle: boolean;
  loginThrottle: LoginThrottleLimits;
  sessionTtlMs: number;
  sessionPurgeIntervalMs: number;
  adminUsername?: string;
  adminPassword?: string;
}

export const IDENTITY_SETTINGS = Symbol('IDENTITY_SETTINGS');
export const IDENTITY_SCHEMA = 'identity';
/** Nest name of identity's DataSource (unique when several services share one process). */
export const IDENTITY_DATA_SOURCE = 'identity';

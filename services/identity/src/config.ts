import { envLogLevel, envPort, envUrl, loadConfig, z } from '@dinebuds/config';

/** Environment of a standalone identity process (the all-in-one runner passes options directly). */
export const identityConfigShape = {
  PORT: envPort(4101),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: envUrl(['postgres:', 'postgresql:']),
  AMQP_URL: envUrl(['amqp:', 'amqps:']),
  INTERNAL_TOKEN: z.string().min(16),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: envLogLevel(),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** How often expired sessions are deleted (at most ~24 days: a timer's limit). */
  SESSION_PURGE_INTERVAL_MINUTES: z.coerce.number().int().positive().max(35_791).default(60),
};

export type IdentityConfig = ReturnType<typeof loadIdentityConfig>;

export function loadIdentityConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(identityConfigShape, env);
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

/** Settings every identity provider reads, derived from the bootstrap options. */
export interface IdentitySettings {
  argon2: { memoryCost: number; timeCost: number };
  sessionTtlMs: number;
  sessionPurgeIntervalMs: number;
  adminUsername?: string;
  adminPassword?: string;
}

export const IDENTITY_SETTINGS = Symbol('IDENTITY_SETTINGS');
export const IDENTITY_SCHEMA = 'identity';
/** Nest name of identity's DataSource (unique when several services share one process). */
export const IDENTITY_DATA_SOURCE = 'identity';

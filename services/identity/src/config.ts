import { loadConfig, z } from '@dinebuds/config';
import type { ServiceEnv } from '@dinebuds/service-kit';
import { DEFAULT_LOGIN_THROTTLE } from './auth/login-throttle.js';
import { defaultPasswordWorkLimits, QUEUED_PER_WORKER } from './auth/password-work-queue.js';

export const IDENTITY_SCHEMA = 'identity';

/** OWASP's argon2id floor (19 MiB, 2 passes, 1 lane): the default, and options may only raise it. */
export const ARGON2_DEFAULTS = { memoryCost: 19456, timeCost: 2 } as const;
/** Hashing threads yield the cores to the event loop and PostgreSQL when both want them. */
export const DEFAULT_PASSWORD_WORK_NICE = 10;
/** setInterval's largest delay; a longer one would fire at once, every millisecond. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;
/** Expired sessions deleted per statement, so a large backlog never holds locks for long. */
export const SESSION_PURGE_BATCH = 1000;
/** last_seen_at is written at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

const count = (min: number) => z.number().int().min(min);

/**
 * Identity's own start options, each setting written once: its name, default and range. The
 * input is `IdentityOptions` (what the runner, the tests and `fromEnv` pass), the output the
 * `IdentitySettings` its providers read (IDENTITY_SETTINGS).
 */
export const identityOptionsSchema = z
  .object({
    /** The admin account made (or promoted) at start; both or neither. */
    adminUsername: z.string().optional(),
    adminPassword: z.string().optional(),
    /** argon2id cost; never below OWASP's floor. */
    argon2: z
      .object({
        memoryCost: count(ARGON2_DEFAULTS.memoryCost).default(ARGON2_DEFAULTS.memoryCost),
        timeCost: count(ARGON2_DEFAULTS.timeCost).default(ARGON2_DEFAULTS.timeCost),
      })
      .prefault({}),
    /** Bounded password work (defaults: half the cores, 8 waiting per slot, 1 s wait). */
    passwordWork: z
      .object({
        concurrency: count(1).default(() => defaultPasswordWorkLimits().concurrency),
        /** Unset: QUEUED_PER_WORKER per slot. */
        maxQueued: count(0).optional(),
        maxWaitMs: count(1).default(() => defaultPasswordWorkLimits().maxWaitMs),
      })
      .prefault({})
      .transform(({ concurrency, maxQueued, maxWaitMs }) => ({
        concurrency,
        maxQueued: maxQueued ?? concurrency * QUEUED_PER_WORKER,
        maxWaitMs,
      })),
    /** OS priority (nice, 0-19) of the hashing threads. */
    passwordWorkNice: count(0).max(19).default(DEFAULT_PASSWORD_WORK_NICE),
    /** Per-account throttle of failed sign-ins (defaults: 5 free, then 30 s doubling to 15 min). */
    loginThrottle: z
      .object({
        freeFailures: count(1).default(DEFAULT_LOGIN_THROTTLE.freeFailures),
        baseLockMs: count(1).default(DEFAULT_LOGIN_THROTTLE.baseLockMs),
        maxLockMs: count(1).default(DEFAULT_LOGIN_THROTTLE.maxLockMs),
        maxTracked: count(1).default(DEFAULT_LOGIN_THROTTLE.maxTracked),
      })
      .prefault({})
      .refine((limits) => limits.maxLockMs >= limits.baseLockMs, {
        message: 'must be at least baseLockMs',
        path: ['maxLockMs'],
      }),
    /** Session lifetime since last use. */
    sessionTtlMs: count(1).default(30 * DAY_MS),
    /** How often expired sessions are deleted (a timer's delay at most). */
    sessionPurgeIntervalMs: count(1)
      .max(MAX_TIMER_DELAY_MS)
      .default(60 * MINUTE_MS),
  })
  .refine((options) => Boolean(options.adminUsername) === Boolean(options.adminPassword), {
    message: 'set both adminUsername and adminPassword (ADMIN_USERNAME / ADMIN_PASSWORD), or neither',
    path: ['adminPassword'],
  });

/** Identity's own start options (the kit's common ones are in ServiceStartOptions). */
export type IdentityOptions = z.input<typeof identityOptionsSchema>;
/** Settings every identity provider reads, derived from the start options. */
export type IdentitySettings = z.output<typeof identityOptionsSchema>;
export const IDENTITY_SETTINGS = Symbol('IDENTITY_SETTINGS');

/** A whole number of `unit` in a variable, as milliseconds (or a count); its range is the option's. */
const whole = (unit = 1) =>
  z.coerce
    .number()
    .int()
    .optional()
    .transform((n) => (n === undefined ? undefined : n * unit));

/**
 * Identity's own environment (the kit reads PORT, HOST, DATABASE_URL, AMQP_URL, INTERNAL_TOKEN and
 * LOG_LEVEL for every service): each variable sets one start option, whose default and range apply.
 */
const IDENTITY_ENV = {
  ADMIN_USERNAME: { option: ['adminUsername'], read: z.string().optional() },
  ADMIN_PASSWORD: { option: ['adminPassword'], read: z.string().optional() },
  SESSION_TTL_DAYS: { option: ['sessionTtlMs'], read: whole(DAY_MS) },
  SESSION_PURGE_INTERVAL_MINUTES: { option: ['sessionPurgeIntervalMs'], read: whole(MINUTE_MS) },
  PASSWORD_WORK_CONCURRENCY: { option: ['passwordWork', 'concurrency'], read: whole() },
  PASSWORD_WORK_QUEUE: { option: ['passwordWork', 'maxQueued'], read: whole() },
  PASSWORD_WORK_MAX_WAIT_MS: { option: ['passwordWork', 'maxWaitMs'], read: whole() },
  PASSWORD_WORK_NICE: { option: ['passwordWorkNice'], read: whole() },
  LOGIN_FREE_FAILURES: { option: ['loginThrottle', 'freeFailures'], read: whole() },
  LOGIN_LOCK_SECONDS: { option: ['loginThrottle', 'baseLockMs'], read: whole(SECOND_MS) },
  LOGIN_LOCK_MAX_SECONDS: { option: ['loginThrottle', 'maxLockMs'], read: whole(SECOND_MS) },
} as const;

type IdentityEnvName = keyof typeof IDENTITY_ENV;

/** The start options the environment sets (unset variables set nothing). */
export function identityOptionsFromEnv(env: ServiceEnv = process.env): IdentityOptions {
  const shape = Object.fromEntries(
    Object.entries(IDENTITY_ENV).map(([name, variable]) => [name, variable.read]),
  ) as { [K in IdentityEnvName]: (typeof IDENTITY_ENV)[K]['read'] };
  const values = loadConfig(shape, env);
  const options: Record<string, unknown> = {};
  for (const [name, { option }] of Object.entries(IDENTITY_ENV)) {
    const value = values[name as IdentityEnvName];
    if (value === undefined) continue;
    const [key, field] = option;
    if (field === undefined) options[key] = value;
    else options[key] = { ...(options[key] as object | undefined), [field]: value };
  }
  return options as IdentityOptions;
}

/** The settings of these options; a bad one is refused, named with its variable. */
export function identitySettings(options: IdentityOptions): IdentitySettings {
  const result = identityOptionsSchema.safeParse(options);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.join('.');
    const variable = Object.entries(IDENTITY_ENV).find(([, { option }]) => option.join('.') === path)?.[0];
    return `${path}${variable ? ` (${variable})` : ''}: ${issue.message}`;
  });
  throw new Error(`identity: ${problems.join('; ')}`);
}

import { loadConfig, z } from '@dinebuds/config';
import type { ServiceEnv } from '@dinebuds/service-kit';

/** Postgres schema owned by this service. */
export const REVIEWS_SCHEMA = 'reviews';
/** The service's name: its DataSource's Nest name and its events' producer (the kit uses it). */
export const REVIEWS_DATA_SOURCE = 'reviews';
/** Durable queue of this service's event consumers (shared by its replicas): the kit's default. */
export const DEFAULT_EVENTS_QUEUE = `${REVIEWS_DATA_SOURCE}.events`;

/** A number of reviews one restaurant page reads: its cost stays bounded. */
const reviewCount = (fallback: number) => z.number().int().min(1).max(10_000).default(fallback);

/**
 * Reviews' own start options, each setting written once: its name, default and range. The input
 * is `ReviewsOptions` (what the runner, the tests and `fromEnv` pass), the output the
 * `ReviewsSettings` its providers read (REVIEWS_SETTINGS).
 */
export const reviewsOptionsSchema = z.object({
  /** Reviews read per restaurant page (newest first); the average and count cover all of them. */
  restaurantPageReviews: reviewCount(100),
  /** Recent reviews whose words feed a restaurant's mood tags. */
  moodTagSampleSize: reviewCount(200),
  /** Places one saved-places import may name (more is refused with 413). */
  savedImportMaxRows: z.number().int().min(1).max(10_000).default(500),
  /**
   * Memory (MB) each replica keeps of read snapshots' text, newest used first; each is still
   * checked against the viewer's version in PostgreSQL on every read. 0 turns it off.
   */
  readSnapshotCacheMb: z.number().int().min(0).max(4096).default(32),
  /** How often check-ins past their closing time are closed (CheckInCloserService), in seconds. */
  checkInCloseIntervalSeconds: z
    .number()
    .int()
    .min(1)
    .max(24 * 60 * 60)
    .default(60),
});

/** The reviews service's own start options (the kit's common ones are in ServiceStartOptions). */
export type ReviewsOptions = z.input<typeof reviewsOptionsSchema>;
/** Settings the reviews providers read, derived from the start options. */
export type ReviewsSettings = z.output<typeof reviewsOptionsSchema>;
export const REVIEWS_SETTINGS = Symbol('REVIEWS_SETTINGS');

/** The variable that sets each option (the kit reads PORT, HOST, DATABASE_URL, ... for every service). */
const REVIEWS_ENV = {
  REVIEWS_PAGE_REVIEWS: 'restaurantPageReviews',
  REVIEWS_MOOD_SAMPLE: 'moodTagSampleSize',
  SAVED_IMPORT_MAX_ROWS: 'savedImportMaxRows',
  READ_SNAPSHOT_CACHE_MB: 'readSnapshotCacheMb',
  CHECK_IN_CLOSE_INTERVAL_SECONDS: 'checkInCloseIntervalSeconds',
} as const satisfies Record<string, keyof ReviewsOptions>;

/** The start options the environment sets (unset variables set nothing; the ranges are the options'). */
export function reviewsOptionsFromEnv(env: ServiceEnv): ReviewsOptions {
  const shape = Object.fromEntries(
    Object.keys(REVIEWS_ENV).map((name) => [name, z.coerce.number().optional()]),
  ) as Record<keyof typeof REVIEWS_ENV, z.ZodOptional<z.ZodCoercedNumber>>;
  const values = loadConfig(shape, env);
  const options: ReviewsOptions = {};
  for (const [name, option] of Object.entries(REVIEWS_ENV))
    if (values[name as keyof typeof REVIEWS_ENV] !== undefined)
      options[option] = values[name as keyof typeof REVIEWS_ENV];
  return options;
}

/** The settings of these options; a bad one is refused, named with its variable. */
export function reviewsSettings(options: ReviewsOptions): ReviewsSettings {
  const result = reviewsOptionsSchema.safeParse(options);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.join('.');
    const variable = Object.entries(REVIEWS_ENV).find(([, option]) => option === path)?.[0];
    return `${path}${variable ? ` (${variable})` : ''}: ${issue.message}`;
  });
  throw new Error(`reviews: ${problems.join('; ')}`);
}

import { envInt, loadConfig } from '@dinebuds/config';

/** Postgres schema owned by this service. */
export const REVIEWS_SCHEMA = 'reviews';
/** The service's name: its DataSource's Nest name and its events' producer (the kit uses it). */
export const REVIEWS_DATA_SOURCE = 'reviews';
/** Durable queue of this service's event consumers (shared by its replicas): the kit's default. */
export const DEFAULT_EVENTS_QUEUE = `${REVIEWS_DATA_SOURCE}.events`;

/** The reviews service's own settings (REVIEWS_SETTINGS). */
export interface ReviewsSettings {
  /** Reviews read per restaurant page (newest first); the average and count cover all of them. */
  restaurantPageReviews: number;
  /** Recent reviews whose words feed a restaurant's mood tags. */
  moodTagSampleSize: number;
}

export const DEFAULT_REVIEWS_SETTINGS: ReviewsSettings = {
  restaurantPageReviews: 100,
  moodTagSampleSize: 200,
};

export const REVIEWS_SETTINGS = Symbol('REVIEWS_SETTINGS');

/** REVIEWS_PAGE_REVIEWS / REVIEWS_MOOD_SAMPLE: the cost of one restaurant page stays bounded. */
export function loadReviewsEnv(env: Record<string, string | undefined>) {
  return loadConfig(
    {
      REVIEWS_PAGE_REVIEWS: envInt(DEFAULT_REVIEWS_SETTINGS.restaurantPageReviews),
      REVIEWS_MOOD_SAMPLE: envInt(DEFAULT_REVIEWS_SETTINGS.moodTagSampleSize),
    },
    env,
  );
}

import { envLogLevel, envPort, envUrl, loadConfig, z } from '@dinebuds/config';

/** Environment of a standalone social-graph process (the all-in-one runner passes options directly). */
export const socialGraphConfigShape = {
  PORT: envPort(4102),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: envUrl(['postgres:', 'postgresql:']),
  AMQP_URL: envUrl(['amqp:', 'amqps:']),
  INTERNAL_TOKEN: z.string().min(16),
  LOG_LEVEL: envLogLevel(),
};

export type SocialGraphConfig = ReturnType<typeof loadSocialGraphConfig>;

export function loadSocialGraphConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(socialGraphConfigShape, env);
}

/** Postgres schema owned by this service. */
export const SOCIAL_SCHEMA = 'social';
/** Nest name of social-graph's DataSource (unique when several services share one process). */
export const SOCIAL_DATA_SOURCE = 'social-graph';
/** Envelope producer of the events this service publishes. */
export const SOCIAL_PRODUCER = 'social-graph';
/** Durable queue of this service's event consumers (shared by its replicas). */
export const DEFAULT_EVENTS_QUEUE = 'social-graph.events';

/**
 * Holders read per badge I have when gathering recommendation candidates (lowest ids first, the
 * ranking's own tie-break): the cost stays fixed however many users share a popular badge.
 */
export const RECOMMENDATION_CANDIDATES_PER_BADGE = 200;

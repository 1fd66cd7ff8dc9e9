/** Postgres schema owned by this service. */
export const SOCIAL_SCHEMA = 'social';
/** The service's name: its DataSource's Nest name and its events' producer (the kit uses it). */
export const SOCIAL_DATA_SOURCE = 'social-graph';
/** Durable queue of this service's event consumers (shared by its replicas): the kit's default. */
export const DEFAULT_EVENTS_QUEUE = `${SOCIAL_DATA_SOURCE}.events`;

/**
 * Holders read per badge I have when gathering recommendation candidates (lowest ids first, the
 * ranking's own tie-break): the cost stays fixed however many users share a popular badge.
 */
export const RECOMMENDATION_CANDIDATES_PER_BADGE = 200;

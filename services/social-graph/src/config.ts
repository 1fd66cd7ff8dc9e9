/**
 * Social-graph's constants. It reads no environment of its own: PORT, HOST, DATABASE_URL,
 * AMQP_URL, INTERNAL_TOKEN and LOG_LEVEL are the kit's, the same for every service, so it has no
 * zod schema (a setting of its own would start one here, as identity's `identityOptionsSchema`).
 */

/** The service's catalogue name: its data source, its events' producer, its RPC contract's key. */
export const SOCIAL_GRAPH_SERVICE = 'social-graph';
/** Postgres schema owned by this service. */
export const SOCIAL_SCHEMA = 'social';
/** Durable queue of this service's event consumers (shared by its replicas): the kit's default. */
export const DEFAULT_EVENTS_QUEUE = `${SOCIAL_GRAPH_SERVICE}.events`;

/**
 * Holders read per badge I have when gathering recommendation candidates (lowest ids first, the
 * ranking's own tie-break): the cost stays fixed however many users share a popular badge.
 */
export const RECOMMENDATION_CANDIDATES_PER_BADGE = 200;

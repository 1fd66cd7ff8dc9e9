/**
 * Moderation's constants. It reads no environment of its own: PORT, HOST, DATABASE_URL, AMQP_URL,
 * INTERNAL_TOKEN and LOG_LEVEL are the kit's, the same for every service, so it has no zod schema.
 */

/** The service's catalogue name: its data source, its events' producer, its RPC contract's key. */
export const MODERATION_SERVICE = 'moderation';
/** Postgres schema owned by this service. */
export const MODERATION_SCHEMA = 'moderation';
/** Durable queue of this service's event consumers (shared by its replicas): the kit's default. */
export const DEFAULT_EVENTS_QUEUE = `${MODERATION_SERVICE}.events`;
/** Default port (services.catalogue.json). */
export const MODERATION_DEFAULT_PORT = 4105;

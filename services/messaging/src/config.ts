/**
 * Messaging's constants. It reads no environment of its own: PORT, HOST, DATABASE_URL, AMQP_URL,
 * INTERNAL_TOKEN and LOG_LEVEL are the kit's, the same for every service, so it has no zod schema
 * (a setting of its own would start one here, as identity's `identityOptionsSchema`).
 */

/** The service's catalogue name: its data source, its events' producer, its RPC contract's key. */
export const MESSAGING_SERVICE = 'messaging';
/** Postgres schema owned by this service. */
export const MESSAGING_SCHEMA = 'messaging';
/** Durable queue of this service's event consumers (shared by its replicas): the kit's default. */
export const DEFAULT_EVENTS_QUEUE = `${MESSAGING_SERVICE}.events`;
/** Default port (services.catalogue.json). */
export const MESSAGING_DEFAULT_PORT = 4104;

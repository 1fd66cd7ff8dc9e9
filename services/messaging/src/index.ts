export {
  messagingService,
  messagingService as serviceDefinition,
  startMessagingService,
  MESSAGING_ENTITIES,
  type MessagingServiceOptions,
  type RunningMessagingService,
} from './messaging.service-definition.js';
export { messagingMigrations } from './database/migrations/index.js';
export { DEFAULT_EVENTS_QUEUE as MESSAGING_EVENTS_QUEUE, MESSAGING_SCHEMA } from './config.js';

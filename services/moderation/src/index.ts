export {
  moderationService,
  moderationService as serviceDefinition,
  startModerationService,
  MODERATION_ENTITIES,
  type ModerationServiceOptions,
  type RunningModerationService,
} from './moderation.service-definition.js';
export { moderationMigrations } from './database/migrations/index.js';
export { DEFAULT_EVENTS_QUEUE as MODERATION_EVENTS_QUEUE, MODERATION_SCHEMA } from './config.js';

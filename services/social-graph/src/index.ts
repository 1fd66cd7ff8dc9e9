export {
  socialGraphService,
  socialGraphService as serviceDefinition,
  startSocialGraphService,
  SOCIAL_GRAPH_ENTITIES,
  type SocialGraphServiceOptions,
  type RunningSocialGraphService,
} from './social-graph.service-definition.js';
export { socialMigrations } from './database/migrations/index.js';
export { DEFAULT_EVENTS_QUEUE as SOCIAL_GRAPH_EVENTS_QUEUE, SOCIAL_SCHEMA } from './config.js';

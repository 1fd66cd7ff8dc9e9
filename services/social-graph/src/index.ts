export {
  startSocialGraphService,
  type SocialGraphServiceOptions,
  type RunningSocialGraphService,
} from './social-graph.bootstrap.js';
export { SocialGraphModule, SOCIAL_GRAPH_ENTITIES } from './social-graph.module.js';
export { socialMigrations } from './database/migrations/index.js';
export { DEFAULT_EVENTS_QUEUE as SOCIAL_GRAPH_EVENTS_QUEUE, SOCIAL_SCHEMA } from './config.js';

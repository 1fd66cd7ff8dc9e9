export {
  identityService,
  identityService as serviceDefinition,
  startIdentityService,
  IDENTITY_ENTITIES,
  type IdentityOptions,
  type IdentityServiceOptions,
  type RunningIdentityService,
} from './identity.service-definition.js';
export { identityMigrations } from './database/migrations/index.js';
export { IDENTITY_SCHEMA } from './config.js';

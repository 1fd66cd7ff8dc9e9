export {
  startIdentityService,
  type IdentityServiceOptions,
  type RunningIdentityService,
} from './identity.bootstrap.js';
export { IdentityModule, IDENTITY_ENTITIES } from './identity.module.js';
export { identityMigrations } from './database/migrations/index.js';

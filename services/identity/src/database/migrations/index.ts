import { createEventsMigration } from '@dinebuds/events';
import { IDENTITY_SCHEMA } from '../../config.js';
import { IdentityInitial1732300000000 } from './1732300000000-identity-initial.js';

/** In order; TypeORM records each by name in identity_migrations. */
export const identityMigrations = [
  IdentityInitial1732300000000,
  createEventsMigration(IDENTITY_SCHEMA, 1732300000001),
];

import { createEventsMigration } from '@dinebuds/events';
import { SOCIAL_SCHEMA } from '../../config.js';
import { SocialInitial1732400000000 } from './1732400000000-social-initial.js';

/** In order; TypeORM records each by name in social_migrations. */
export const socialMigrations = [
  SocialInitial1732400000000,
  createEventsMigration(SOCIAL_SCHEMA, 1732400000001),
];

import { createEventsMigration, createEventsMigrationV2 } from '@dinebuds/events';
import { MODERATION_SCHEMA } from '../../config.js';
import { ModerationInitial1736000000000 } from './1736000000000-moderation-initial.js';
import { Appeals1736000000003 } from './1736000000003-appeals.js';
import { ReviewVersions1736000000004 } from './1736000000004-review-versions.js';
import { AdminActions1736000000005 } from './1736000000005-admin-actions.js';

/** In order; TypeORM records each by name in moderation_migrations. */
export const moderationMigrations = [
  ModerationInitial1736000000000,
  createEventsMigration(MODERATION_SCHEMA, 1736000000001),
  createEventsMigrationV2(MODERATION_SCHEMA, 1736000000002),
  Appeals1736000000003,
  ReviewVersions1736000000004,
  AdminActions1736000000005,
];

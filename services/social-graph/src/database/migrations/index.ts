import { createEventsMigration, createEventsMigrationV2 } from '@dinebuds/events';
import { SOCIAL_SCHEMA } from '../../config.js';
import { SocialInitial1732400000000 } from './1732400000000-social-initial.js';
import { FollowKeysetIndexes1733000000000 } from './1733000000000-follow-keyset-indexes.js';
import { UserBadges1733000000001 } from './1733000000001-user-badges.js';
import { SocialUserVersions1733000000003 } from './1733000000003-user-versions.js';
import { FollowVersions1733000000004 } from './1733000000004-follow-versions.js';
import { Mutes1733000000010 } from './1733000000010-mutes.js';

/** In order; TypeORM records each by name in social_migrations. */
export const socialMigrations = [
  SocialInitial1732400000000,
  createEventsMigration(SOCIAL_SCHEMA, 1732400000001),
  FollowKeysetIndexes1733000000000,
  UserBadges1733000000001,
  createEventsMigrationV2(SOCIAL_SCHEMA, 1733000000002),
  SocialUserVersions1733000000003,
  FollowVersions1733000000004,
  Mutes1733000000010,
];

import { createEventsMigration, createEventsMigrationV2 } from '@dinebuds/events';
import { IDENTITY_SCHEMA } from '../../config.js';
import { IdentityInitial1732300000000 } from './1732300000000-identity-initial.js';
import { IdentitySessionExpiry1732300000002 } from './1732300000002-identity-session-expiry.js';
import { IdentityUserSearchTrigram1732300000003 } from './1732300000003-identity-user-search-trigram.js';
import { IdentityUserVersion1732300000005 } from './1732300000005-identity-user-version.js';
import { IdentityReviewTallies1732300000006 } from './1732300000006-identity-review-tallies.js';
import { IdentityUserActive1732300000020 } from './1732300000020-identity-user-active.js';
import { IdentityBadgeCatalogue1732300000027 } from './1732300000027-identity-badge-catalogue.js';

/** In order; TypeORM records each by name in identity_migrations. */
export const identityMigrations = [
  IdentityInitial1732300000000,
  createEventsMigration(IDENTITY_SCHEMA, 1732300000001),
  IdentitySessionExpiry1732300000002,
  IdentityUserSearchTrigram1732300000003,
  createEventsMigrationV2(IDENTITY_SCHEMA, 1732300000004),
  IdentityUserVersion1732300000005,
  IdentityReviewTallies1732300000006,
  IdentityUserActive1732300000020,
  IdentityBadgeCatalogue1732300000027,
];

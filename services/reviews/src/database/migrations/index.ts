import { createEventsMigration, createEventsMigrationV2 } from '@dinebuds/events';
import { REVIEWS_SCHEMA } from '../../config.js';
import { ReviewsInitial1734100000000 } from './1734100000000-reviews-initial.js';
import { RestaurantPhotoVersion1734100000003 } from './1734100000003-restaurant-photo-version.js';
import { UserBadges1734100000004 } from './1734100000004-user-badges.js';
import { FollowVersions1734100000005 } from './1734100000005-follow-versions.js';
import { Discovery1734100000006 } from './1734100000006-discovery.js';
import { CheckIns1734100000007 } from './1734100000007-check-ins.js';
import { CheckInReactions1734100000008 } from './1734100000008-check-in-reactions.js';
import { RestaurantContactsAndMutes1734100000020 } from './1734100000020-restaurant-contacts-and-mutes.js';
import { RestaurantRatings1734100000040 } from './1734100000040-restaurant-ratings.js';
import { ReadSnapshots1734100000050 } from './1734100000050-read-snapshots.js';
import { ReadSnapshotsUsers1734100000051 } from './1734100000051-read-snapshots-users.js';
import { CheckInsActiveSince1734100000060 } from './1734100000060-check-ins-active-since.js';
import { Statuses1734100000061 } from './1734100000061-statuses.js';
import { StatusReactions1734100000062 } from './1734100000062-status-reactions.js';
import { ReadSnapshotsGzip1734100000070 } from './1734100000070-read-snapshots-gzip.js';
import { SavedByRestaurant1734100000071 } from './1734100000071-saved-by-restaurant.js';

/** In order; TypeORM records each by name in reviews_migrations. */
export const reviewsMigrations = [
  ReviewsInitial1734100000000,
  createEventsMigration(REVIEWS_SCHEMA, 1734100000001),
  createEventsMigrationV2(REVIEWS_SCHEMA, 1734100000002),
  RestaurantPhotoVersion1734100000003,
  UserBadges1734100000004,
  FollowVersions1734100000005,
  Discovery1734100000006,
  CheckIns1734100000007,
  CheckInReactions1734100000008,
  RestaurantContactsAndMutes1734100000020,
  RestaurantRatings1734100000040,
  ReadSnapshots1734100000050,
  ReadSnapshotsUsers1734100000051,
  CheckInsActiveSince1734100000060,
  Statuses1734100000061,
  StatusReactions1734100000062,
  ReadSnapshotsGzip1734100000070,
  SavedByRestaurant1734100000071,
];

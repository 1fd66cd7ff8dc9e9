import { Injectable } from '@nestjs/common';
import {
  SocialGraphEdges,
  notBlockedSql as notBlockedIn,
  socialGraphEdgeEntities,
  socialGraphEdgeTables,
} from '@dinebuds/projections';
import { REVIEWS_SCHEMA } from '../../config.js';
import { IdentityUsersRepository } from '../identity/identity-users.repository.js';

/** reviews' tables of social-graph's approved follows (the privacy rule) and blocks (discovery). */
export const SOCIAL_GRAPH_EDGE_ENTITIES = socialGraphEdgeEntities(REVIEWS_SCHEMA);
const { follows: FOLLOWS, blocks: BLOCKS } = socialGraphEdgeTables(REVIEWS_SCHEMA);

/** reviews' projection of social-graph's follows and blocks (`@dinebuds/projections`). */
@Injectable()
export class SocialGraphEdgesRepository extends SocialGraphEdges {
  constructor(users: IdentityUsersRepository) {
    super(REVIEWS_SCHEMA, SOCIAL_GRAPH_EDGE_ENTITIES, (manager, userId) => users.isDeleted(manager, userId));
  }
}

/**
 * SQL condition: the reviewer aliased `u` (joined from reviews.users) is visible to viewer `$n`
 * (see canSeeContent). Shared by repositories that list other people's content.
 */
export function visibleToViewerSql(userAlias: string, viewerParam: string): string {
  return `(NOT ${userAlias}.is_private OR ${userAlias}.id = ${viewerParam}::int OR EXISTS (
    SELECT 1 FROM ${FOLLOWS} f WHERE f.follower_id = ${viewerParam}::int AND f.following_id = ${userAlias}.id))`;
}

/** SQL condition: no block stands between viewer `$n` and the user `userIdSql`, either way. */
export function notBlockedSql(userIdSql: string, viewerParam: string): string {
  return notBlockedIn(BLOCKS, userIdSql, viewerParam);
}

import { Injectable } from '@nestjs/common';
import { insertIfAbsent, schemaTable } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import {
  SocialGraphEdges,
  notBlockedSql as notBlockedIn,
  socialGraphEdgeEntities,
  socialGraphEdgeTables,
} from '@dinebuds/projections';
import { REVIEWS_SCHEMA } from '../../config.js';
import { IdentityUsersRepository } from '../identity/identity-users.repository.js';
import { MuteEntity } from './mute.entity.js';

/** reviews' tables of social-graph's approved follows (the privacy rule) and blocks (discovery). */
export const SOCIAL_GRAPH_EDGE_ENTITIES = socialGraphEdgeEntities(REVIEWS_SCHEMA);
const { follows: FOLLOWS, blocks: BLOCKS } = socialGraphEdgeTables(REVIEWS_SCHEMA);
const MUTES = schemaTable(REVIEWS_SCHEMA, 'mutes');

/** reviews' projection of social-graph's follows and blocks (`@dinebuds/projections`). */
@Injectable()
export class SocialGraphEdgesRepository extends SocialGraphEdges {
  constructor(users: IdentityUsersRepository) {
    super(REVIEWS_SCHEMA, SOCIAL_GRAPH_EDGE_ENTITIES, (manager, userId) => users.isDeleted(manager, userId));
  }

  /** social.mute.created (a set: each change is applied once by the inbox). */
  async addMute(manager: EntityManager, muterId: number, mutedId: number): Promise<void> {
    await insertIfAbsent(manager, MuteEntity, { muterId, mutedId });
  }

  /** social.mute.removed. */
  async removeMute(manager: EntityManager, muterId: number, mutedId: number): Promise<void> {
    await manager.delete(MuteEntity, { muterId, mutedId });
  }

  /** A deleted user's follows and blocks, and their mutes both ways. */
  override async removeAllOf(manager: EntityManager, userId: number): Promise<void> {
    await super.removeAllOf(manager, userId);
    await manager.query(`DELETE FROM ${MUTES} WHERE muter_id = $1 OR muted_id = $1`, [userId]);
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

/** SQL condition: viewer `$n` has not muted the user `userIdSql` (one way: the muted see no change). */
export function notMutedSql(userIdSql: string, viewerParam: string): string {
  return `NOT EXISTS (SELECT 1 FROM ${MUTES} mu WHERE mu.muter_id = ${viewerParam}::int AND mu.muted_id = ${userIdSql})`;
}

/** SQL condition: no block stands between viewer `$n` and the user `userIdSql`, either way. */
export function notBlockedSql(userIdSql: string, viewerParam: string): string {
  return notBlockedIn(BLOCKS, userIdSql, viewerParam);
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, schemaTable } from '@dinebuds/database';
import { RECOMMENDATION_CANDIDATES_PER_BADGE, SOCIAL_SCHEMA } from '../config.js';
import { userSummaryColumns, type UserSummaryRow } from '../projections/identity/user.mapper.js';
import { RECOMMENDATION_WEIGHTS } from './recommendation.policy.js';

const USERS = schemaTable(SOCIAL_SCHEMA, 'users');
const FOLLOWS = schemaTable(SOCIAL_SCHEMA, 'follows');
const REQUESTS = schemaTable(SOCIAL_SCHEMA, 'follow_requests');
const BLOCKS = schemaTable(SOCIAL_SCHEMA, 'blocks');
const USER_BADGES = schemaTable(SOCIAL_SCHEMA, 'user_badges');

export interface CandidateRow extends UserSummaryRow {
  bio: string | null;
  mutualBuds: number;
  sharedFlavors: string[];
  sharedCities: string[];
}

/**
 * Candidates: people followed by the people I follow, and people sharing a flavor or city badge
 * with me, without me, people I follow or asked to follow, and blocks either way. Badge peers are
 * read from social.user_badges in its primary-key order (kind, name, user_id): at most `perBadge`
 * eligible holders of each badge of mine, lowest ids first (the ranking's tie-break), so a badge
 * shared by a million users costs what one shared by a hundred does. Each candidate's row is then
 * a primary-key lookup (the LIMIT 1 lateral keeps it one), and its score is exact: the database
 * orders by the same score as recommendation.policy (weights passed in) and returns `limit` rows;
 * the policy names the reason and re-checks the order.
 */
const CANDIDATES_SQL = `
WITH "me" AS (
  SELECT "flavor_badges", "city_badges" FROM ${USERS} WHERE "id" = $1
),
"excluded" AS (
  SELECT array_agg("id") AS "ids" FROM (
    SELECT $1::int AS "id"
    UNION SELECT "following_id" FROM ${FOLLOWS} WHERE "follower_id" = $1
    UNION SELECT "recipient_id" FROM ${REQUESTS} WHERE "requester_id" = $1
    UNION SELECT "blocked_id" FROM ${BLOCKS} WHERE "blocker_id" = $1
    UNION SELECT "blocker_id" FROM ${BLOCKS} WHERE "blocked_id" = $1
  ) e
),
"mutual" AS (
  SELECT f2."following_id" AS "id", count(DISTINCT f1."following_id")::int AS "mutualBuds"
  FROM ${FOLLOWS} f1
  JOIN ${FOLLOWS} f2 ON f2."follower_id" = f1."following_id"
  WHERE f1."follower_id" = $1
  GROUP BY f2."following_id"
),
"badge_peers" AS (
  SELECT peer."user_id" AS "id"
  FROM ${USER_BADGES} mine
  CROSS JOIN LATERAL (
    SELECT ub."user_id" FROM ${USER_BADGES} ub
    WHERE ub."kind" = mine."kind" AND ub."name" = mine."name"
      AND ub."user_id" <> ALL ((SELECT "ids" FROM "excluded")::int[])
    ORDER BY ub."user_id"
    LIMIT $6
  ) peer
  WHERE mine."user_id" = $1
),
"candidates" AS (
  SELECT "id" FROM "mutual"
  UNION
  SELECT "id" FROM "badge_peers"
),
"scored" AS (
  SELECT u.*,
    coalesce(m."mutualBuds", 0) AS "mutualBuds",
    ARRAY(SELECT t.b FROM unnest("me"."flavor_badges") WITH ORDINALITY AS t(b, i) WHERE t.b = ANY (u."flavorBadges") ORDER BY t.i) AS "sharedFlavors",
    ARRAY(SELECT t.b FROM unnest("me"."city_badges") WITH ORDINALITY AS t(b, i) WHERE t.b = ANY (u."cityBadges") ORDER BY t.i) AS "sharedCities"
  FROM "candidates" c
  CROSS JOIN "me"
  CROSS JOIN LATERAL (
    SELECT ${userSummaryColumns('x')}, x."bio" AS "bio",
      x."flavor_badges" AS "flavorBadges", x."city_badges" AS "cityBadges"
    FROM ${USERS} x WHERE x."id" = c."id" LIMIT 1
  ) u
  LEFT JOIN "mutual" m ON m."id" = c."id"
  WHERE c."id" <> ALL ((SELECT "ids" FROM "excluded")::int[])
)
SELECT "id", "username", "name", "profilePicture", "isPrivate", "bio", "mutualBuds", "sharedFlavors", "sharedCities"
FROM "scored"
ORDER BY $2::int * "mutualBuds" + $3::int * cardinality("sharedFlavors") + $4::int * cardinality("sharedCities") DESC,
  "mutualBuds" DESC,
  cardinality("sharedFlavors") + cardinality("sharedCities") DESC,
  "id" ASC
LIMIT $5`;

/** The candidates query and its parameters (exported so a test can EXPLAIN exactly this). */
export function recommendationCandidatesQuery(
  userId: number,
  limit: number,
  perBadge: number = RECOMMENDATION_CANDIDATES_PER_BADGE,
): [string, unknown[]] {
  return [
    CANDIDATES_SQL,
    [
      userId,
      RECOMMENDATION_WEIGHTS.mutualBud,
      RECOMMENDATION_WEIGHTS.sharedFlavor,
      RECOMMENDATION_WEIGHTS.sharedCity,
      limit,
      perBadge,
    ],
  ];
}

/** The recommendation candidates query, read-only over the whole graph. */
@Injectable()
export class RecommendationsRepository {
  /** At most `limit` candidates, best first by the policy's score. */
  async candidates(manager: EntityManager, userId: number, limit: number): Promise<CandidateRow[]> {
    return rowsOf<CandidateRow>(await manager.query(...recommendationCandidatesQuery(userId, limit)));
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Caller, FriendRecommendationDto } from '@dinebuds/contracts';
import { DataSource } from 'typeorm';
import { SOCIAL_DATA_SOURCE } from '../config.js';
import { rowsOf } from '../common/sql.js';
import { userSummaryColumns, type UserSummaryRow } from '../users/user.mapper.js';
import {
  RECOMMENDATION_WEIGHTS,
  rankRecommendations,
  type RecommendationCandidate,
} from './recommendation.policy.js';

interface CandidateRow extends UserSummaryRow {
  bio: string | null;
  mutualBuds: number;
  sharedFlavors: string[];
  sharedCities: string[];
}

/**
 * Candidates: people followed by the people I follow, and people sharing a flavor or city badge
 * with me (GIN-indexed overlap), without me, people I follow or asked to follow, and blocks either
 * way. The database orders by the same score as recommendation.policy (weights passed in) and
 * returns `limit` rows; the policy then names the reason and re-checks the order.
 */
const CANDIDATES_SQL = `
WITH "me" AS (
  SELECT "flavor_badges", "city_badges" FROM "social"."users" WHERE "id" = $1
),
"excluded" AS (
  SELECT $1::int AS "id"
  UNION SELECT "following_id" FROM "social"."follows" WHERE "follower_id" = $1
  UNION SELECT "recipient_id" FROM "social"."follow_requests" WHERE "requester_id" = $1
  UNION SELECT "blocked_id" FROM "social"."blocks" WHERE "blocker_id" = $1
  UNION SELECT "blocker_id" FROM "social"."blocks" WHERE "blocked_id" = $1
),
"mutual" AS (
  SELECT f2."following_id" AS "id", count(DISTINCT f1."following_id")::int AS "mutualBuds"
  FROM "social"."follows" f1
  JOIN "social"."follows" f2 ON f2."follower_id" = f1."following_id"
  WHERE f1."follower_id" = $1
  GROUP BY f2."following_id"
),
"candidates" AS (
  SELECT "id" FROM "mutual"
  UNION
  SELECT u."id" FROM "social"."users" u, "me"
  WHERE u."flavor_badges" && "me"."flavor_badges" OR u."city_badges" && "me"."city_badges"
),
"scored" AS (
  SELECT ${userSummaryColumns('u')}, u."bio" AS "bio",
    coalesce(m."mutualBuds", 0) AS "mutualBuds",
    ARRAY(SELECT t.b FROM unnest("me"."flavor_badges") WITH ORDINALITY AS t(b, i) WHERE t.b = ANY (u."flavor_badges") ORDER BY t.i) AS "sharedFlavors",
    ARRAY(SELECT t.b FROM unnest("me"."city_badges") WITH ORDINALITY AS t(b, i) WHERE t.b = ANY (u."city_badges") ORDER BY t.i) AS "sharedCities"
  FROM "candidates" c
  JOIN "social"."users" u ON u."id" = c."id"
  CROSS JOIN "me"
  LEFT JOIN "mutual" m ON m."id" = u."id"
  WHERE NOT EXISTS (SELECT 1 FROM "excluded" e WHERE e."id" = u."id")
)
SELECT * FROM "scored"
ORDER BY $2::int * "mutualBuds" + $3::int * cardinality("sharedFlavors") + $4::int * cardinality("sharedCities") DESC,
  "mutualBuds" DESC,
  cardinality("sharedFlavors") + cardinality("sharedCities") DESC,
  "id" ASC
LIMIT $5`;

@Injectable()
export class RecommendationsService {
  constructor(@InjectDataSource(SOCIAL_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Friend recommendations for the caller, best first (empty until the caller is in the projection). */
  async list(caller: Caller, limit: number): Promise<FriendRecommendationDto[]> {
    const rows = rowsOf<CandidateRow>(
      await this.dataSource.query(CANDIDATES_SQL, [
        caller.userId,
        RECOMMENDATION_WEIGHTS.mutualBud,
        RECOMMENDATION_WEIGHTS.sharedFlavor,
        RECOMMENDATION_WEIGHTS.sharedCity,
        limit,
      ]),
    );
    const candidates: RecommendationCandidate[] = rows.map((row) => ({
      user: {
        id: row.id,
        username: row.username,
        name: row.name,
        profilePicture: row.profilePicture,
        isPrivate: row.isPrivate,
        bio: row.bio,
      },
      mutualBuds: row.mutualBuds,
      sharedFlavors: row.sharedFlavors,
      sharedCities: row.sharedCities,
    }));
    return rankRecommendations(candidates, limit);
  }
}

import { Injectable } from '@nestjs/common';
import { CITY_TIER_DEFAULTS } from '@dinebuds/contracts';
import { rowsOf } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import type { StoredTally } from './review-tally.policy.js';

/** The tier of a count, in SQL (CITY_TIER_DEFAULTS; below the first threshold: the first tier). */
export function cityTierSql(countExpression: string): string {
  const tiers = [...CITY_TIER_DEFAULTS].reverse();
  const cases = tiers.map((t) => `WHEN ${countExpression} >= ${t.minReviews} THEN '${t.level}'`).join(' ');
  return `(CASE ${cases} ELSE '${CITY_TIER_DEFAULTS[0].level}' END)`;
}

/** identity.review_tallies, identity.user_city_reviews and the counts they feed (caller's manager). */
@Injectable()
export class ReviewTalliesRepository {
  async find(manager: EntityManager, reviewId: number): Promise<StoredTally | null> {
    const found = rowsOf<StoredTally>(
      await manager.query(
        `SELECT version, city, deleted FROM "identity"."review_tallies" WHERE review_id = $1`,
        [reviewId],
      ),
    );
    return found[0] ?? null;
  }

  async save(
    manager: EntityManager,
    tally: { reviewId: number; userId: number; city: string | null; version: number; deleted: boolean },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "identity"."review_tallies" (review_id, user_id, city, version, deleted) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (review_id) DO UPDATE SET city = EXCLUDED.city, version = EXCLUDED.version, deleted = EXCLUDED.deleted`,
      [tally.reviewId, tally.userId, tally.city, tally.version, tally.deleted],
    );
  }

  async addToReviewCount(manager: EntityManager, userId: number, delta: number): Promise<void> {
    if (delta === 0) return;
    await manager.query(
      `UPDATE "identity"."users" SET review_count = GREATEST(review_count + $2, 0) WHERE id = $1`,
      [userId, delta],
    );
  }

  /** Adds to the user's per-city counts, then brings the user's badges of those cities in line. */
  async addToCities(manager: EntityManager, userId: number, deltas: Map<string, number>): Promise<void> {
    if (deltas.size === 0) return;
    const cities = [...deltas.keys()];
    // At most two cities per event (the old and the new): one statement each.
    for (const [city, delta] of deltas)
      await manager.query(
        `INSERT INTO "identity"."user_city_reviews" AS c (user_id, city, review_count) VALUES ($1, $2, GREATEST($3::int, 0))
         ON CONFLICT (user_id, city) DO UPDATE SET review_count = GREATEST(c.review_count + $3::int, 0)`,
        [userId, city, delta],
      );
    await this.refreshBadges(manager, userId, cities);
  }

  /** City badges of these cities take the user's review count there and its tier. */
  async refreshBadges(manager: EntityManager, userId: number, cities: string[]): Promise<void> {
    if (cities.length === 0) return;
    await manager.query(
      `UPDATE "identity"."city_badges" b
       SET review_count = COALESCE(c.review_count, 0), level = ${cityTierSql('COALESCE(c.review_count, 0)')},
           last_updated = now()
       FROM (SELECT unnest($2::text[]) AS city) wanted
       LEFT JOIN "identity"."user_city_reviews" c ON c.user_id = $1 AND c.city = wanted.city
       WHERE b.user_id = $1 AND b.city = wanted.city`,
      [userId, cities],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import { cityTierSql } from '../../badges/badges.repository.js';
import { IDENTITY_SCHEMA } from '../../config.js';
import type { StoredTally } from './review-tally.policy.js';

const USERS = `"${IDENTITY_SCHEMA}"."users"`;
const CITY_BADGES = `"${IDENTITY_SCHEMA}"."city_badges"`;
/** ReviewTallyEntity and CityReviewCountEntity. */
const REVIEW_TALLIES = `"${IDENTITY_SCHEMA}"."review_tallies"`;
const CITY_REVIEW_COUNTS = `"${IDENTITY_SCHEMA}"."user_city_reviews"`;

/** Locks the author's row and reads the review's tally (see lockAuthorAndFind). */
const LOCK_AUTHOR_AND_FIND = `SELECT t.version, t.city, t.deleted
  FROM ${USERS} u
  LEFT JOIN ${REVIEW_TALLIES} t ON t.review_id = $2
  WHERE u.id = $1
  FOR UPDATE OF u`;

/** Every count, badge and the tally of one review event (see write). */
const WRITE_TALLY = `WITH d AS (SELECT * FROM unnest($2::text[], $3::int[]) AS d(city, delta)),
       updated AS (
         UPDATE ${CITY_REVIEW_COUNTS} c SET review_count = GREATEST(c.review_count + d.delta, 0)
         FROM d WHERE c.user_id = $1 AND c.city = d.city
         RETURNING c.city, c.review_count),
       inserted AS (
         INSERT INTO ${CITY_REVIEW_COUNTS} (user_id, city, review_count)
         SELECT $1, d.city, GREATEST(d.delta, 0) FROM d
         WHERE NOT EXISTS (SELECT 1 FROM ${CITY_REVIEW_COUNTS} c WHERE c.user_id = $1 AND c.city = d.city)
         ON CONFLICT (user_id, city) DO NOTHING
         RETURNING city, review_count),
       counts AS (SELECT city, review_count FROM updated UNION ALL SELECT city, review_count FROM inserted),
       badges AS (
         UPDATE ${CITY_BADGES} b
         SET review_count = counts.review_count, level = ${cityTierSql('counts.review_count')}, last_updated = now()
         FROM counts WHERE b.user_id = $1 AND b.city = counts.city),
       total AS (
         UPDATE ${USERS} SET review_count = GREATEST(review_count + $4, 0) WHERE id = $1 AND $4 <> 0)
       INSERT INTO ${REVIEW_TALLIES} (review_id, user_id, city, version, deleted)
       VALUES ($5, $1, $6, $7, $8)
       ON CONFLICT (review_id) DO UPDATE
       SET city = EXCLUDED.city, version = EXCLUDED.version, deleted = EXCLUDED.deleted`;

/** A review event's effect, ready to write: count changes and the review's new tally. */
export interface TallyWrite {
  userId: number;
  /** Change of the user's reviewCount (-1, 0 or +1). */
  total: number;
  /** Change of the user's review count per city (at most the old and the new city). */
  cities: Map<string, number>;
  tally: { reviewId: number; city: string | null; version: number; deleted: boolean };
}

/**
 * identity.review_tallies, identity.user_city_reviews and the counts they feed (caller's manager).
 * A review event costs two statements: one that locks the author and reads the review's tally,
 * one that writes every count, badge and the tally (data-modifying CTEs), instead of one round
 * trip per table: the event chain applies events one at a time per user, so its rate is the
 * round trips' latency. Both are prepared statements (planning the write cost more than running it).
 */
@Injectable()
export class ReviewTalliesRepository {
  /** A deleted account's tallies and per-city counts. */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${REVIEW_TALLIES} WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM ${CITY_REVIEW_COUNTS} WHERE user_id = $1`, [userId]);
  }

  /**
   * Locks the author's row (events of one user apply one at a time) and reads what identity holds
   * of the review. `userExists` false: no such account (deleted; its events may still arrive).
   */
  async lockAuthorAndFind(
    manager: EntityManager,
    userId: number,
    reviewId: number,
  ): Promise<{ userExists: boolean; stored: StoredTally | null }> {
    const rows = await preparedQuery<{
      version: number | null;
      city: string | null;
      deleted: boolean | null;
    }>(manager, 'identity_tally_lock', LOCK_AUTHOR_AND_FIND, [userId, reviewId]);
    if (rows.length === 0) return { userExists: false, stored: null };
    const [row] = rows;
    return {
      userExists: true,
      stored: row.version === null ? null : { version: row.version, city: row.city, deleted: !!row.deleted },
    };
  }

  /**
   * In one statement: the user's reviewCount, the per-city counts (existing rows updated, new ones
   * inserted; no count below 0), the city badges of those cities (count and tier), the tally.
   * The CTEs share one snapshot: the badge update reads the counts from the RETURNING rows.
   */
  async write(manager: EntityManager, change: TallyWrite): Promise<void> {
    const cities = [...change.cities.keys()];
    const deltas = [...change.cities.values()];
    await preparedQuery(manager, 'identity_tally_write', WRITE_TALLY, [
      change.userId,
      cities,
      deltas,
      change.total,
      change.tally.reviewId,
      change.tally.city,
      change.tally.version,
      change.tally.deleted,
    ]);
  }
}

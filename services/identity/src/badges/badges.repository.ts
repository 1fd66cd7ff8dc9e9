import { Injectable } from '@nestjs/common';
import { CITY_TIER_LEVELS } from '@dinebuds/contracts';
import { In, type EntityManager } from 'typeorm';
import { IDENTITY_SCHEMA } from '../config.js';
import type { FlavorChoice } from './badge.policy.js';
import { CityBadgeEntity } from './city-badge.entity.js';
import { FlavorBadgeEntity } from './flavor-badge.entity.js';

const CITY_BADGES = `"${IDENTITY_SCHEMA}"."city_badges"`;
/** The review counts per city that the reviews projection keeps (CityReviewCountEntity). */
const CITY_REVIEW_COUNTS = `"${IDENTITY_SCHEMA}"."user_city_reviews"`;

/** CityTierEntity: the admin-editable minimum reviews per level. */
const CITY_TIERS = `"${IDENTITY_SCHEMA}"."city_tiers"`;

/**
 * The tier of a count, in SQL, from the stored thresholds (city_tiers, which admins edit; seeded
 * with CITY_TIER_DEFAULTS): the highest tier reached; below the first threshold, the first tier.
 */
export function cityTierSql(countExpression: string): string {
  return `COALESCE((SELECT t.level FROM ${CITY_TIERS} t WHERE t.min_reviews <= ${countExpression}
    ORDER BY t.min_reviews DESC LIMIT 1), '${CITY_TIER_LEVELS[0]}')`;
}

/** Persistence of identity.flavor_badges and identity.city_badges (always in the caller's manager). */
@Injectable()
export class BadgesRepository {
  flavorOf(manager: EntityManager, userId: number): Promise<FlavorBadgeEntity[]> {
    return manager.find(FlavorBadgeEntity, { where: { userId }, order: { id: 'ASC' } });
  }

  cityOf(manager: EntityManager, userId: number): Promise<CityBadgeEntity[]> {
    return manager.find(CityBadgeEntity, { where: { userId }, order: { id: 'ASC' } });
  }

  /** Deletes the user's flavor badges not listed in `keep` (all when it is empty). */
  async deleteFlavorExcept(manager: EntityManager, userId: number, keep: string[]): Promise<void> {
    const stale = manager
      .createQueryBuilder()
      .delete()
      .from(FlavorBadgeEntity)
      .where('user_id = :userId', { userId });
    if (keep.length > 0) stale.andWhere('badge_id NOT IN (:...keep)', { keep });
    await stale.execute();
  }

  /** Inserts the badges the user does not have yet. */
  async insertFlavor(manager: EntityManager, userId: number, choices: FlavorChoice[]): Promise<void> {
    if (choices.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(FlavorBadgeEntity)
      .values(choices.map((c) => ({ userId, badgeId: c.badgeId, category: c.category })))
      .orIgnore()
      .execute();
  }

  async deleteCities(manager: EntityManager, userId: number, cities: string[]): Promise<void> {
    if (cities.length === 0) return;
    await manager.delete(CityBadgeEntity, { userId, city: In(cities) });
  }

  /**
   * New city badges take the user's review count in that city (from reviews.review.* events) and
   * its tier: bronze with 0 when there are none yet. Existing ones are left as they are.
   */
  async insertCities(manager: EntityManager, userId: number, cities: string[], now: Date): Promise<void> {
    if (cities.length === 0) return;
    await manager.query(
      `INSERT INTO ${CITY_BADGES} (user_id, city, review_count, level, last_updated)
       SELECT $1, wanted.city, COALESCE(c.review_count, 0), ${cityTierSql('COALESCE(c.review_count, 0)')}, $3
       FROM unnest($2::text[]) WITH ORDINALITY AS wanted(city, position)
       LEFT JOIN ${CITY_REVIEW_COUNTS} c ON c.user_id = $1 AND c.city = wanted.city
       ORDER BY wanted.position
       ON CONFLICT DO NOTHING`,
      [userId, cities, now],
    );
  }
}

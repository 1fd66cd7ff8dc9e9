import { Injectable } from '@nestjs/common';
import type { BadgeKind, CityTierLevel } from '@dinebuds/contracts';
import { rowsOf } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import { IDENTITY_SCHEMA } from '../config.js';
import { cityTierSql } from './badges.repository.js';

const BADGE_NAMES = `"${IDENTITY_SCHEMA}"."badge_names"`;
const CITY_TIERS = `"${IDENTITY_SCHEMA}"."city_tiers"`;
const FLAVOR_BADGES = `"${IDENTITY_SCHEMA}"."flavor_badges"`;
const CITY_BADGES = `"${IDENTITY_SCHEMA}"."city_badges"`;

export interface CatalogueBadgeRow {
  kind: BadgeKind;
  id: string;
  name: string;
  position: number;
  holders: number;
}

export interface TierRow {
  level: CityTierLevel;
  name: string;
  minReviews: number;
  position: number;
  holders: number;
}

/** The counted holders of a badge: flavor badges by id, city badges by city key. */
const HOLDERS = `CASE n.kind
    WHEN 'flavor' THEN (SELECT count(*) FROM ${FLAVOR_BADGES} f WHERE f.badge_id = n.badge_id)
    ELSE (SELECT count(*) FROM ${CITY_BADGES} c WHERE c.city = n.badge_id) END::int`;

/** The admin badge catalogue (badge_names), the CityBud tiers (city_tiers) and their holders. */
@Injectable()
export class AdminBadgesRepository {
  async catalogue(manager: EntityManager): Promise<CatalogueBadgeRow[]> {
    return manager.query(
      `SELECT n.kind, n.badge_id AS id, n.name, n.position, ${HOLDERS} AS holders
       FROM ${BADGE_NAMES} n ORDER BY n.kind DESC, n.position`,
    );
  }

  async tiers(manager: EntityManager, lock = false): Promise<TierRow[]> {
    return manager.query(
      `SELECT t.level, t.name, t.min_reviews AS "minReviews", t.position,
         (SELECT count(*) FROM ${CITY_BADGES} c WHERE c.level = t.level)::int AS holders
       FROM ${CITY_TIERS} t ORDER BY t.position ${lock ? 'FOR UPDATE' : ''}`,
    );
  }

  /** Renames the badge; null when the catalogue has no such badge. */
  async rename(
    manager: EntityManager,
    kind: BadgeKind,
    badgeId: string,
    name: string,
  ): Promise<CatalogueBadgeRow | null> {
    const rows = rowsOf<CatalogueBadgeRow>(
      await manager.query(
        `UPDATE ${BADGE_NAMES} n SET name = $3 WHERE n.kind = $1 AND n.badge_id = $2
       RETURNING n.kind, n.badge_id AS id, n.name, n.position, ${HOLDERS} AS holders`,
        [kind, badgeId, name],
      ),
    );
    return rows[0] ?? null;
  }

  async setThreshold(manager: EntityManager, level: CityTierLevel, minReviews: number): Promise<void> {
    await manager.query(`UPDATE ${CITY_TIERS} SET min_reviews = $2 WHERE level = $1`, [level, minReviews]);
  }

  /**
   * Every city badge's level from its review count and the stored thresholds; answers the users
   * one of whose badges changed level.
   */
  async recomputeLevels(manager: EntityManager): Promise<number[]> {
    const rows: Array<{ user_id: number }> = await manager.query(
      `WITH changed AS (
         UPDATE ${CITY_BADGES} b SET level = ${cityTierSql('b.review_count')}, last_updated = now()
         WHERE b.level IS DISTINCT FROM ${cityTierSql('b.review_count')}
         RETURNING b.user_id)
       SELECT DISTINCT user_id FROM changed ORDER BY user_id`,
    );
    return rows.map((r) => r.user_id);
  }
}

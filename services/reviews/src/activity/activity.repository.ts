import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';
import { prefixedRestaurantSql, type PrefixedRestaurant } from '../restaurants/restaurants.repository.js';

const REVIEWS = table('reviews');
const SAVED = table('saved_restaurants');
const CHECK_INS = table('check_ins');
const STATUSES = table('statuses');
const RESTAURANTS = table('restaurants');

/** A review, save, check-in or status of a user, with its restaurant (a status has none: nulls). */
export type ActivityRow = Omit<PrefixedRestaurant, 'restaurant_id'> & {
  restaurant_id: number | null;
  type: 'review' | 'save' | 'checkin' | 'status';
  id: number;
  created_at: Date;
  message: string | null;
  rating: number | null;
};

/** A user's totals; `statuses` are those posted alone, `checkin_statuses` check-ins' status lines. */
export interface ActivityCounts {
  reviews: number;
  saves: number;
  checkins: number;
  checkin_statuses: number;
  statuses: number;
}

@Injectable()
export class ActivityRepository {
  /** A user's reviews, saves, check-ins and statuses, newest first (each source read by its user index). */
  async ofUser(
    manager: EntityManager,
    userId: number,
    limit: number,
    offset: number,
  ): Promise<ActivityRow[]> {
    return rowsOf<ActivityRow>(
      await manager.query(
        `SELECT a.*, ${prefixedRestaurantSql('r')}
         FROM (
           (SELECT 'review'::text AS type, id, restaurant_id, created_at, notes AS message, rating::int AS rating
              FROM ${REVIEWS} WHERE user_id = $1 ORDER BY id DESC LIMIT $2::int + $3::int)
           UNION ALL
           (SELECT 'save', id, restaurant_id, created_at, NULL::text, NULL::int
              FROM ${SAVED} WHERE user_id = $1 ORDER BY id DESC LIMIT $2::int + $3::int)
           UNION ALL
           (SELECT 'checkin', id, restaurant_id, checked_in_at, status, NULL::int
              FROM ${CHECK_INS} WHERE user_id = $1 ORDER BY id DESC LIMIT $2::int + $3::int)
           UNION ALL
           (SELECT 'status', id, NULL::int, created_at, text, NULL::int
              FROM ${STATUSES} WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2::int + $3::int)
         ) a LEFT JOIN ${RESTAURANTS} r ON r.id = a.restaurant_id
         ORDER BY a.created_at DESC, a.type, a.id DESC LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      ),
    );
  }

  async counts(manager: EntityManager, userId: number): Promise<ActivityCounts> {
    const rows = rowsOf<ActivityCounts>(
      await manager.query(
        `SELECT (SELECT COUNT(*)::int FROM ${REVIEWS} WHERE user_id = $1) AS reviews,
                (SELECT COUNT(*)::int FROM ${SAVED} WHERE user_id = $1) AS saves,
                (SELECT COUNT(*)::int FROM ${CHECK_INS} WHERE user_id = $1) AS checkins,
                (SELECT COUNT(*)::int FROM ${CHECK_INS} WHERE user_id = $1 AND status IS NOT NULL)
                  AS checkin_statuses,
                (SELECT COUNT(*)::int FROM ${STATUSES} WHERE user_id = $1) AS statuses`,
        [userId],
      ),
    );
    return rows[0];
  }
}

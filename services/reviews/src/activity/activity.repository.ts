import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';
import { prefixedRestaurantSql, type PrefixedRestaurant } from '../restaurants/restaurants.repository.js';

const REVIEWS = table('reviews');
const SAVED = table('saved_restaurants');
const CHECK_INS = table('check_ins');
const STATUSES = table('statuses');
const RESTAURANTS = table('restaurants');

/** A review, save or check-in of a user, joined with its restaurant. */
export type ActivityRow = PrefixedRestaurant & {
  type: 'review' | 'save' | 'checkin';
  id: number;
  created_at: Date;
  message: string | null;
  rating: number | null;
};

@Injectable()
export class ActivityRepository {
  /** A user's reviews, saves and check-ins, newest first (each source read by its user index). */
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
           (SELECT 'checkin', id, restaurant_id, checked_in_at, NULL::text, NULL::int
              FROM ${CHECK_INS} WHERE user_id = $1 ORDER BY id DESC LIMIT $2::int + $3::int)
         ) a JOIN ${RESTAURANTS} r ON r.id = a.restaurant_id
         ORDER BY a.created_at DESC, a.type, a.id DESC LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      ),
    );
  }

  async counts(
    manager: EntityManager,
    userId: number,
  ): Promise<{ reviews: number; saves: number; checkins: number; statuses: number }> {
    const rows = rowsOf<{ reviews: number; saves: number; checkins: number; statuses: number }>(
      await manager.query(
        `SELECT (SELECT COUNT(*)::int FROM ${REVIEWS} WHERE user_id = $1) AS reviews,
                (SELECT COUNT(*)::int FROM ${SAVED} WHERE user_id = $1) AS saves,
                (SELECT COUNT(*)::int FROM ${CHECK_INS} WHERE user_id = $1) AS checkins,
                (SELECT COUNT(*)::int FROM ${CHECK_INS} WHERE user_id = $1 AND status IS NOT NULL)
                + (SELECT COUNT(*)::int FROM ${STATUSES} WHERE user_id = $1) AS statuses`,
        [userId],
      ),
    );
    return rows[0];
  }
}

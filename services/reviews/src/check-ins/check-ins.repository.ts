import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table, type ColumnsOf } from '../common/sql.js';
import type { CheckInEntity } from '../activity/check-in.entity.js';
import { prefixedRestaurantSql, type PrefixedRestaurant } from '../restaurants/restaurants.repository.js';

const CHECK_INS = table('check_ins');
const RESTAURANTS = table('restaurants');
const REVIEWS = table('reviews');
const LIKES = table('check_in_likes');
const COMMENTS = table('check_in_comments');
const STATUSES = table('statuses');
const STATUS_LIKES = table('status_likes');
const STATUS_COMMENTS = table('status_comments');

/** A check-in with its restaurant's summary columns. */
export type CheckInRow = Omit<ColumnsOf<CheckInEntity>, 'restaurant'> & PrefixedRestaurant;

const COLUMNS = `c.id, c.user_id, c.restaurant_id, c.checked_in_at, c.checked_out_at, c.is_active, c.status,
  ${prefixedRestaurantSql('r')}`;

@Injectable()
export class CheckInsRepository {
  /** The user's active check-in (at most one: a partial unique index), locked until commit. */
  async lockActive(manager: EntityManager, userId: number): Promise<CheckInRow | null> {
    const rows = rowsOf<CheckInRow>(
      await manager.query(
        `SELECT ${COLUMNS} FROM ${CHECK_INS} c JOIN ${RESTAURANTS} r ON r.id = c.restaurant_id
         WHERE c.user_id = $1 AND c.is_active FOR UPDATE OF c`,
        [userId],
      ),
    );
    return rows[0] ?? null;
  }

  /** The user's active check-in, not locked (it may be past its closing time). */
  async findActive(manager: EntityManager, userId: number): Promise<CheckInRow | null> {
    const rows = rowsOf<CheckInRow>(
      await manager.query(
        `SELECT ${COLUMNS} FROM ${CHECK_INS} c JOIN ${RESTAURANTS} r ON r.id = c.restaurant_id
         WHERE c.user_id = $1 AND c.is_active`,
        [userId],
      ),
    );
    return rows[0] ?? null;
  }

  /**
   * The user's check-ins no longer open (checked out, or begun `openHours` ago or more) at places
   * they have not reviewed since: the newest per place, newest first, `limit` of them (by
   * check_ins_user_created_idx and reviews_user_idx).
   */
  async unreviewed(
    manager: EntityManager,
    userId: number,
    openHours: number,
    limit: number,
  ): Promise<CheckInRow[]> {
    return rowsOf<CheckInRow>(
      await manager.query(
        `SELECT * FROM (
           SELECT DISTINCT ON (c.restaurant_id) ${COLUMNS}
           FROM ${CHECK_INS} c JOIN ${RESTAURANTS} r ON r.id = c.restaurant_id
           WHERE c.user_id = $1
             AND NOT (c.is_active AND c.checked_in_at > now() - make_interval(hours => $2))
             AND NOT EXISTS (SELECT 1 FROM ${REVIEWS} v WHERE v.user_id = $1
                             AND v.restaurant_id = c.restaurant_id AND v.created_at >= c.checked_in_at)
           ORDER BY c.restaurant_id, c.checked_in_at DESC, c.id DESC) x
         ORDER BY x.checked_in_at DESC, x.id DESC
         LIMIT $3`,
        [userId, openHours, limit],
      ),
    );
  }

  /**
   * A deleted user's check-ins and statuses (with every like and comment on them, by cascade),
   * and their likes and comments on others' check-ins and statuses.
   */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${STATUS_LIKES} WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM ${STATUS_COMMENTS} WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM ${STATUSES} WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM ${LIKES} WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM ${COMMENTS} WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM ${CHECK_INS} WHERE user_id = $1`, [userId]);
  }

  /** Checks it out at `at`; answers the closed row. */
  async close(manager: EntityManager, id: number, at: Date): Promise<CheckInRow> {
    const rows = rowsOf<CheckInRow>(
      await manager.query(
        `UPDATE ${CHECK_INS} c SET is_active = false, checked_out_at = $2
         FROM ${RESTAURANTS} r WHERE c.id = $1 AND r.id = c.restaurant_id
         RETURNING ${COLUMNS}`,
        [id, at],
      ),
    );
    return rows[0];
  }

  /**
   * Closes up to `limit` active check-ins begun `openHours` ago or more, each at its closing time
   * (checked_in_at + openHours), the oldest first by check_ins_active_since_idx. Rows a check-in or
   * check-out holds are skipped (SKIP LOCKED), left to the next run; so are they by a replica
   * running the same job. Answers the closed rows.
   */
  async closeExpired(manager: EntityManager, openHours: number, limit: number): Promise<CheckInRow[]> {
    return rowsOf<CheckInRow>(
      await manager.query(
        `WITH due AS (
           SELECT id FROM ${CHECK_INS}
           WHERE is_active AND checked_in_at <= now() - make_interval(hours => $1)
           ORDER BY checked_in_at LIMIT $2
           FOR UPDATE SKIP LOCKED)
         UPDATE ${CHECK_INS} c
         SET is_active = false, checked_out_at = c.checked_in_at + make_interval(hours => $1)
         FROM due, ${RESTAURANTS} r WHERE c.id = due.id AND r.id = c.restaurant_id
         RETURNING ${COLUMNS}`,
        [openHours, limit],
      ),
    );
  }

  /** The new active check-in, or null when another became active at the same moment. */
  async insert(
    manager: EntityManager,
    userId: number,
    restaurantId: number,
    status: string | null,
  ): Promise<CheckInRow | null> {
    const rows = rowsOf<CheckInRow>(
      await manager.query(
        `WITH added AS (
           INSERT INTO ${CHECK_INS} (user_id, restaurant_id, status) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) WHERE is_active DO NOTHING
           RETURNING *)
         SELECT ${COLUMNS} FROM added c JOIN ${RESTAURANTS} r ON r.id = c.restaurant_id`,
        [userId, restaurantId, status],
      ),
    );
    return rows[0] ?? null;
  }
}

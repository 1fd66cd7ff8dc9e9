import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table, type ColumnsOf } from '../common/sql.js';
import type { CheckInEntity } from '../activity/check-in.entity.js';
import { prefixedRestaurantSql, type PrefixedRestaurant } from '../restaurants/restaurants.repository.js';

const CHECK_INS = table('check_ins');
const RESTAURANTS = table('restaurants');

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

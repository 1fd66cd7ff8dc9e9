import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';

const SAVED = table('saved_restaurants');
const RESTAURANTS = table('restaurants');
const VERSIONS = table('save_versions');

export interface SavedRow {
  id: number;
  user_id: number;
  restaurant_id: number;
  notes: string | null;
  created_at: Date;
  r_name: string;
  r_address: string;
  r_city: string | null;
  r_latitude: number | null;
  r_longitude: number | null;
  r_location_approximate: boolean;
  r_photo_version: number;
}

@Injectable()
export class SavedRepository {
  /** Saves once per user and restaurant; answers whether a row was added. */
  async insert(
    manager: EntityManager,
    userId: number,
    restaurantId: number,
    notes: string | null,
  ): Promise<boolean> {
    const rows = rowsOf(
      await manager.query(
        `INSERT INTO ${SAVED} (user_id, restaurant_id, notes) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, restaurant_id) DO NOTHING RETURNING id`,
        [userId, restaurantId, notes],
      ),
    );
    return rows.length > 0;
  }

  /** Answers whether a row was removed. */
  async remove(manager: EntityManager, userId: number, restaurantId: number): Promise<boolean> {
    const rows = rowsOf(
      await manager.query(`DELETE FROM ${SAVED} WHERE user_id = $1 AND restaurant_id = $2 RETURNING id`, [
        userId,
        restaurantId,
      ]),
    );
    return rows.length > 0;
  }

  async isSaved(manager: EntityManager, userId: number, restaurantId: number): Promise<boolean> {
    const rows = rowsOf(
      await manager.query(`SELECT 1 FROM ${SAVED} WHERE user_id = $1 AND restaurant_id = $2`, [
        userId,
        restaurantId,
      ]),
    );
    return rows.length > 0;
  }

  async byUser(manager: EntityManager, userId: number, limit: number, offset: number): Promise<SavedRow[]> {
    return rowsOf<SavedRow>(
      await manager.query(
        `SELECT s.id, s.user_id, s.restaurant_id, s.notes, s.created_at,
           r.name AS r_name, r.address AS r_address, r.city AS r_city, r.latitude AS r_latitude,
           r.longitude AS r_longitude, r.location_approximate AS r_location_approximate,
    r.photo_version AS r_photo_version
         FROM ${SAVED} s JOIN ${RESTAURANTS} r ON r.id = s.restaurant_id
         WHERE s.user_id = $1 ORDER BY s.id DESC LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      ),
    );
  }

  /** The user's saved list's next version (the events' aggregateVersion), in the caller's transaction. */
  async nextVersion(manager: EntityManager, userId: number): Promise<number> {
    const rows = rowsOf<{ version: number }>(
      await manager.query(
        `INSERT INTO ${VERSIONS} (user_id, version) VALUES ($1, 1)
         ON CONFLICT (user_id) DO UPDATE SET version = ${VERSIONS}.version + 1 RETURNING version`,
        [userId],
      ),
    );
    return rows[0].version;
  }

  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${SAVED} WHERE user_id = $1`, [userId]);
  }
}

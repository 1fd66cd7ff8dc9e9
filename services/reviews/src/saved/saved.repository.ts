import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table, type ColumnsOf } from '../common/sql.js';
import { prefixedRestaurantSql, type PrefixedRestaurant } from '../restaurants/restaurants.repository.js';
import { SavedRestaurantEntity } from './saved-restaurant.entity.js';

const SAVED = table('saved_restaurants');
const RESTAURANTS = table('restaurants');
const VERSIONS = table('save_versions');

/** A saved restaurant joined with its restaurant. */
export type SavedRow = ColumnsOf<Omit<SavedRestaurantEntity, 'restaurant'>> & PrefixedRestaurant;

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
    return manager.existsBy(SavedRestaurantEntity, { userId, restaurantId });
  }

  async byUser(manager: EntityManager, userId: number, limit: number, offset: number): Promise<SavedRow[]> {
    return rowsOf<SavedRow>(
      await manager.query(
        `SELECT s.id, s.user_id, s.restaurant_id, s.notes, s.created_at,
           ${prefixedRestaurantSql('r')}
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

  /** A deleted person's saves and their list's version counter. */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.delete(SavedRestaurantEntity, { userId });
    await manager.query(`DELETE FROM ${VERSIONS} WHERE user_id = $1`, [userId]);
  }
}

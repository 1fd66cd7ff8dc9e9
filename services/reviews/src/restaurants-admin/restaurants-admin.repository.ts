import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';
import { RestaurantEntity } from '../restaurants/restaurant.entity.js';
import type { RestaurantDetailsPatch } from './restaurant-details.policy.js';

const RESTAURANTS = table('restaurants');
const REVIEWS = table('reviews');
const SAVED = table('saved_restaurants');
const CHECK_INS = table('check_ins');

const ids = (rows: unknown) => rowsOf<{ id: number }>(rows).map((r) => r.id);
const userIds = (rows: unknown) => rowsOf<{ user_id: number }>(rows).map((r) => r.user_id);

/**
 * The admin's writes to restaurants: details, and the statements of a merge (removed entry ->
 * kept entry). Each runs in the caller's transaction, which holds both restaurants locked.
 */
@Injectable()
export class RestaurantsAdminRepository {
  /** Locks the restaurants that exist among `restaurantIds` (in id order: no deadlock); answers them. */
  async lock(manager: EntityManager, restaurantIds: number[]): Promise<Set<number>> {
    return new Set(
      ids(
        await manager.query(
          `SELECT id FROM ${RESTAURANTS} WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
          [restaurantIds],
        ),
      ),
    );
  }

  /** False: no such restaurant. */
  async updateDetails(manager: EntityManager, id: number, patch: RestaurantDetailsPatch): Promise<boolean> {
    const result = await manager.update(RestaurantEntity, { id }, patch);
    return (result.affected ?? 0) > 0;
  }

  /** Locks the reviews of both entries, so no edit or deletion of one runs beside the merge. */
  async lockReviewsOf(manager: EntityManager, restaurantIds: number[]): Promise<void> {
    await manager.query(
      `SELECT id FROM ${REVIEWS} WHERE restaurant_id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
      [restaurantIds],
    );
  }

  /**
   * Of the people with reviews at both entries, every review of the two but each one's newest
   * (created_at, then id): what the merge deletes so each keeps one review of the place.
   */
  async olderReviewsOfBothReviewers(
    manager: EntityManager,
    removedId: number,
    keptId: number,
  ): Promise<number[]> {
    return ids(
      await manager.query(
        `WITH both_places AS (
           SELECT user_id FROM ${REVIEWS} WHERE restaurant_id = $1
           INTERSECT SELECT user_id FROM ${REVIEWS} WHERE restaurant_id = $2),
         ranked AS (
           SELECT v.id, row_number() OVER (PARTITION BY v.user_id ORDER BY v.created_at DESC, v.id DESC) AS n
           FROM ${REVIEWS} v JOIN both_places b ON b.user_id = v.user_id
           WHERE v.restaurant_id IN ($1, $2))
         SELECT id FROM ranked WHERE n > 1 ORDER BY id`,
        [removedId, keptId],
      ),
    );
  }

  /** The removed entry's reviews move, each one version newer; answers their ids. */
  async moveReviews(manager: EntityManager, removedId: number, keptId: number): Promise<number[]> {
    return ids(
      await manager.query(
        `UPDATE ${REVIEWS} SET restaurant_id = $2, version = version + 1, updated_at = now()
         WHERE restaurant_id = $1 RETURNING id`,
        [removedId, keptId],
      ),
    );
  }

  /** Saves of the removed entry by people who also saved the kept one go; answers those people. */
  async dropDoubleSaves(manager: EntityManager, removedId: number, keptId: number): Promise<number[]> {
    return userIds(
      await manager.query(
        `DELETE FROM ${SAVED} s WHERE s.restaurant_id = $1
           AND EXISTS (SELECT 1 FROM ${SAVED} k WHERE k.restaurant_id = $2 AND k.user_id = s.user_id)
         RETURNING s.user_id`,
        [removedId, keptId],
      ),
    );
  }

  /** The other saves of the removed entry move (their notes and dates stay); answers those people. */
  async moveSaves(manager: EntityManager, removedId: number, keptId: number): Promise<number[]> {
    return userIds(
      await manager.query(
        `UPDATE ${SAVED} SET restaurant_id = $2 WHERE restaurant_id = $1 RETURNING user_id`,
        [removedId, keptId],
      ),
    );
  }

  /** Check-ins move with their likes and comments (keyed by the check-in); answers how many. */
  async moveCheckIns(manager: EntityManager, removedId: number, keptId: number): Promise<number> {
    return ids(
      await manager.query(
        `UPDATE ${CHECK_INS} SET restaurant_id = $2 WHERE restaurant_id = $1 RETURNING id`,
        [removedId, keptId],
      ),
    ).length;
  }

  /**
   * Details the kept entry lacks come from the removed one (cuisine, price range, category, phone,
   * website, an uploaded photo). Its place and city stay: its reviews' city counts do not change.
   */
  async fillDetailsFrom(manager: EntityManager, removedId: number, keptId: number): Promise<void> {
    await manager.query(
      `UPDATE ${RESTAURANTS} k SET
         cuisine = COALESCE(k.cuisine, r.cuisine),
         price_range = COALESCE(k.price_range, r.price_range),
         category = COALESCE(k.category, r.category),
         phone = COALESCE(k.phone, r.phone),
         website = COALESCE(k.website, r.website),
         photo = CASE WHEN k.photo_type IS NULL THEN r.photo ELSE k.photo END,
         photo_version = CASE WHEN k.photo_type IS NULL AND r.photo_type IS NOT NULL
                              THEN k.photo_version + 1 ELSE k.photo_version END,
         photo_type = COALESCE(k.photo_type, r.photo_type)
       FROM ${RESTAURANTS} r WHERE k.id = $2 AND r.id = $1`,
      [removedId, keptId],
    );
  }

  async name(manager: EntityManager, id: number): Promise<string | null> {
    const rows = rowsOf<{ name: string }>(
      await manager.query(`SELECT name FROM ${RESTAURANTS} WHERE id = $1`, [id]),
    );
    return rows[0]?.name ?? null;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM ${RESTAURANTS} WHERE id = $1`, [id]);
  }
}

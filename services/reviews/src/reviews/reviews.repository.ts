import { Injectable } from '@nestjs/common';
import type { OutboxStatementEvent } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { preparedQuery } from '@dinebuds/database';
import { rowsOf, table, type ColumnsOf } from '../common/sql.js';
import { prefixedRestaurantSql, type PrefixedRestaurant } from '../restaurants/restaurants.repository.js';
import { ReviewEntity } from './review.entity.js';

const REVIEWS = table('reviews');
const RESTAURANTS = table('restaurants');

/** A review joined with its restaurant (the shape every review answer is built from). */
export type ReviewRow = ColumnsOf<Omit<ReviewEntity, 'restaurant'>> &
  PrefixedRestaurant & {
    /** The restaurant's city as cityKey gives it (its events' `city`). */
    city_key: string | null;
    /** created_at as toISOString gives it (its events' `createdAt`). */
    created_at_iso: string;
  };

/**
 * The ReviewRow columns of reviews `v` (a table or a CTE) joined with their restaurants. The city
 * key as cityKey gives it (restaurants store the key already; a row spelled otherwise still gives
 * it, and catalogue keys are ASCII, so lower() agrees with JavaScript whatever the database's
 * locale) and created_at as toISOString gives it (milliseconds, truncated as the pg driver's Date is).
 */
const selectFrom = (reviews: string) => `SELECT v.id, v.user_id, v.restaurant_id, v.rating, v.notes,
    to_char(v.visit_date, 'YYYY-MM-DD') AS visit_date, v.version, v.created_at, v.updated_at,
    ${prefixedRestaurantSql('r')},
    lower(regexp_replace(btrim(r.city), '\\s+', ' ', 'g')) AS city_key,
    to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at_iso
  FROM ${reviews} v JOIN ${RESTAURANTS} r ON r.id = v.restaurant_id`;
const SELECT = selectFrom(REVIEWS);

export interface ReviewWrite {
  userId: number;
  restaurantId: number;
  rating: number;
  notes: string | null;
  visitDate: string | null;
}

/** A restaurant named by its keys; `exact`: the review has coordinates of its own. */
export interface KnownPlace {
  nameKey: string;
  addressKey: string;
  exact: boolean;
}

@Injectable()
export class ReviewsRepository {
  /**
   * Inserts the review at the restaurant with these keys and its `reviews.review.created` event
   * in one statement (no transaction round trips: the statement commits alone); null, with
   * nothing written, when there is no such restaurant yet, or when the review's exact coordinates
   * must first replace the restaurant's approximate ones (the caller then takes the transaction
   * with find-or-create). `created` builds the event from the inserted ReviewRow.
   */
  async insertAtKnownPlace(
    manager: EntityManager,
    place: KnownPlace,
    review: Omit<ReviewWrite, 'restaurantId'>,
    created: OutboxStatementEvent,
  ): Promise<ReviewRow | null> {
    const event = created.insertFrom('w', 8);
    // Prepared: PostgreSQL plans this five-part statement once per connection, not per review.
    const rows = await preparedQuery<ReviewRow>(
      manager,
      'reviews_insert_at_known_place',
      `WITH p AS (
           SELECT id FROM ${RESTAURANTS}
           WHERE name_key = $1 AND address_key = $2 AND NOT ($3::boolean AND location_approximate)
         ), v AS (
           INSERT INTO ${REVIEWS} (user_id, restaurant_id, rating, notes, visit_date)
           SELECT $4, p.id, $5, $6, $7 FROM p RETURNING *
         ), w AS (${selectFrom('v')}
         ), event AS (${event.sql}
         ) SELECT * FROM w`,
      [
        place.nameKey,
        place.addressKey,
        place.exact,
        review.userId,
        review.rating,
        review.notes,
        review.visitDate,
        ...event.params,
      ],
    );
    return rows[0] ?? null;
  }

  /** Inserts the review and answers it joined with its restaurant, in one round trip. */
  async insert(manager: EntityManager, review: ReviewWrite): Promise<ReviewRow> {
    const rows = rowsOf<ReviewRow>(
      await manager.query(
        `WITH v AS (
           INSERT INTO ${REVIEWS} (user_id, restaurant_id, rating, notes, visit_date)
           VALUES ($1, $2, $3, $4, $5) RETURNING *
         ) ${selectFrom('v')}`,
        [review.userId, review.restaurantId, review.rating, review.notes, review.visitDate],
      ),
    );
    return rows[0];
  }

  async find(manager: EntityManager, id: number): Promise<ReviewRow | null> {
    const rows = rowsOf<ReviewRow>(await manager.query(`${SELECT} WHERE v.id = $1`, [id]));
    return rows[0] ?? null;
  }

  /** The review row locked FOR UPDATE (edits and deletion of one review apply one at a time). */
  async lock(
    manager: EntityManager,
    id: number,
  ): Promise<{ id: number; user_id: number; version: number } | null> {
    const rows = rowsOf<{ id: number; user_id: number; version: number }>(
      await manager.query(`SELECT id, user_id, version FROM ${REVIEWS} WHERE id = $1 FOR UPDATE`, [id]),
    );
    return rows[0] ?? null;
  }

  /** Writes the changed fields and the next version; answers that version. */
  async update(manager: EntityManager, id: number, changes: ReviewWrite): Promise<number> {
    const rows = rowsOf<{ version: number }>(
      await manager.query(
        `UPDATE ${REVIEWS} SET restaurant_id = $2, rating = $3, notes = $4, visit_date = $5,
           version = version + 1, updated_at = now() WHERE id = $1 RETURNING version`,
        [id, changes.restaurantId, changes.rating, changes.notes, changes.visitDate],
      ),
    );
    return rows[0].version;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(ReviewEntity, { id });
  }

  /** A user's reviews, newest first. */
  async byUser(manager: EntityManager, userId: number, limit: number, offset: number): Promise<ReviewRow[]> {
    return rowsOf<ReviewRow>(
      await manager.query(`${SELECT} WHERE v.user_id = $1 ORDER BY v.id DESC LIMIT $2 OFFSET $3`, [
        userId,
        limit,
        offset,
      ]),
    );
  }

  /** Every review of a user (the account was deleted): gone without events, identity forgot them. */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.delete(ReviewEntity, { userId });
  }
}

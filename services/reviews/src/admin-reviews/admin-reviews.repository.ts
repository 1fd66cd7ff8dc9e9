import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';
import { prefixedRestaurantSql } from '../restaurants/restaurants.repository.js';
import type { ReviewRow } from '../reviews/reviews.repository.js';

const REVIEWS = table('reviews');
const RESTAURANTS = table('restaurants');
const USERS = table('users');

/** A review with its reviewer from the users projection (null columns: not known yet). */
export type AdminReviewRow = Omit<ReviewRow, 'city_key' | 'created_at_iso'> & {
  u_username: string | null;
  u_name: string | null;
  u_profile_picture: string | null;
};

export interface AdminReviewFilter {
  /** Lower-case text matched anywhere in the restaurant's name, the reviewer or the comment. */
  search: string | null;
  rating: number | null;
}

/** The WHERE of a filter over reviews v, restaurants r and users u ($1 search, $2 rating). */
const MATCHES = `($1::text IS NULL
      OR strpos(lower(r.name), $1) > 0 OR strpos(lower(coalesce(v.notes, '')), $1) > 0
      OR strpos(lower(coalesce(u.username, '')), $1) > 0 OR strpos(lower(coalesce(u.name, '')), $1) > 0)
    AND ($2::int IS NULL OR v.rating = $2)`;

const FROM = `FROM ${REVIEWS} v JOIN ${RESTAURANTS} r ON r.id = v.restaurant_id
  LEFT JOIN ${USERS} u ON u.id = v.user_id`;

/** The admin Reviews tab's reads: every review, searched and filtered, with counts. */
@Injectable()
export class AdminReviewsRepository {
  async page(
    manager: EntityManager,
    filter: AdminReviewFilter,
    limit: number,
    offset: number,
  ): Promise<AdminReviewRow[]> {
    return rowsOf<AdminReviewRow>(
      await manager.query(
        `SELECT v.id, v.user_id, v.restaurant_id, v.rating, v.notes,
           to_char(v.visit_date, 'YYYY-MM-DD') AS visit_date, v.version, v.created_at, v.updated_at,
           ${prefixedRestaurantSql('r')},
           u.username AS u_username, u.name AS u_name, u.profile_picture AS u_profile_picture
         ${FROM} WHERE ${MATCHES} ORDER BY v.id DESC LIMIT $3 OFFSET $4`,
        [filter.search, filter.rating, limit, offset],
      ),
    );
  }

  /** How many reviews match the filter, and how many there are in all. */
  async counts(
    manager: EntityManager,
    filter: AdminReviewFilter,
  ): Promise<{ total: number; overall: number }> {
    const rows = rowsOf<{ total: number; overall: number }>(
      await manager.query(
        `SELECT count(*) FILTER (WHERE ${MATCHES})::int AS total, count(*)::int AS overall ${FROM}`,
        [filter.search, filter.rating],
      ),
    );
    return rows[0];
  }
}

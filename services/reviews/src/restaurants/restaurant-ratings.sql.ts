import { table } from '../common/sql.js';

/** Each restaurant's review count and rating sum, kept by triggers on reviews (migration 1734100000040). */
export const RESTAURANT_RATINGS = table('restaurant_ratings');

/**
 * SQL: `LEFT JOIN` of the maintained rating of restaurant `${restaurantId}` as `alias`: one
 * primary-key lookup, however many reviews the place has.
 */
export function restaurantRatingJoinSql(alias: string, restaurantId: string): string {
  return `LEFT JOIN ${RESTAURANT_RATINGS} ${alias} ON ${alias}.restaurant_id = ${restaurantId}`;
}

/**
 * SQL: `average_rating` (null without reviews; numeric division, exactly as AVG(rating) answered
 * before) and `total_reviews` of the rating joined as `alias`.
 */
export function restaurantRatingColumnsSql(alias: string): string {
  return `CASE WHEN ${alias}.review_count > 0
            THEN (${alias}.rating_sum::numeric / ${alias}.review_count)::float END AS average_rating,
          COALESCE(${alias}.review_count, 0)::int AS total_reviews`;
}

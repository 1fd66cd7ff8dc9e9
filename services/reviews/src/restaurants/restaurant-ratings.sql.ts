import { table } from '../common/sql.js';

/** Each restaurant's review count and rating sum, kept by triggers on reviews (migration 1734100000040). */
export const RESTAURANT_RATINGS = table('restaurant_ratings');
const REVIEWS = table('reviews');
const BLOCKS = table('blocks');

/**
 * SQL: the CTE `hidden_stars` of the stars viewer `viewerParam` must not count: per restaurant,
 * the count and sum of the ratings by people the viewer blocked or who blocked the viewer. Its
 * rows are those people's reviews (blocks by key and blocks_blocked_idx, then reviews_user_idx),
 * so it follows the viewer's blocks, never the table; empty for an anonymous (null) viewer.
 * Every statement using restaurantRatingJoinSql declares it.
 */
export function hiddenStarsCteSql(viewerParam: string): string {
  return `hidden_stars AS (
    SELECT v.restaurant_id, COUNT(*)::int AS n, SUM(v.rating)::bigint AS s
    FROM (SELECT blocked_id AS id FROM ${BLOCKS} WHERE blocker_id = ${viewerParam}::int
          UNION SELECT blocker_id FROM ${BLOCKS} WHERE blocked_id = ${viewerParam}::int) p
    JOIN ${REVIEWS} v ON v.user_id = p.id
    GROUP BY v.restaurant_id)`;
}

/**
 * SQL: `LEFT JOIN` of the maintained rating of restaurant `${restaurantId}` as `alias` (one
 * primary-key lookup, however many reviews the place has) and of the viewer's `hidden_stars`
 * correction of it as `${alias}_hidden` (see hiddenStarsCteSql).
 */
export function restaurantRatingJoinSql(alias: string, restaurantId: string): string {
  return `LEFT JOIN ${RESTAURANT_RATINGS} ${alias} ON ${alias}.restaurant_id = ${restaurantId}
          LEFT JOIN hidden_stars ${alias}_hidden ON ${alias}_hidden.restaurant_id = ${restaurantId}`;
}

/**
 * SQL: `average_rating` (null without reviews; numeric division, exactly as AVG(rating) answered
 * before) and `total_reviews` of the rating joined as `alias`, the viewer's hidden stars taken out.
 */
export function restaurantRatingColumnsSql(alias: string): string {
  const count = `(COALESCE(${alias}.review_count, 0) - COALESCE(${alias}_hidden.n, 0))`;
  const sum = `(COALESCE(${alias}.rating_sum, 0) - COALESCE(${alias}_hidden.s, 0))`;
  return `CASE WHEN ${count} > 0 THEN (${sum}::numeric / ${count})::float END AS average_rating,
          ${count}::int AS total_reviews`;
}

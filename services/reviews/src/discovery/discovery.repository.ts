import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';
import {
  notBlockedSql,
  notMutedSql,
  visibleToViewerSql,
} from '../projections/social-graph/social-graph-edges.repository.js';
import {
  CHECK_IN_TABLES,
  reactionColumnsSql,
  STATUS_TABLES,
  type ReactionTables,
} from '../reactions/reactions.repository.js';
import { prefixedRestaurantSql, type PrefixedRestaurant } from '../restaurants/restaurants.repository.js';
import {
  hiddenStarsCteSql,
  RESTAURANT_RATINGS,
  restaurantRatingColumnsSql,
  restaurantRatingJoinSql,
} from '../restaurants/restaurant-ratings.sql.js';

const RESTAURANTS = table('restaurants');
const REVIEWS = table('reviews');
const SAVED = table('saved_restaurants');
const CHECK_INS = table('check_ins');
const USERS = table('users');
const FOLLOWS = table('follows');
const BADGES = table('user_badges');
const STATUSES = table('statuses');

/**
 * SQL: the CTE `buds` of the people viewer `$1` follows (approved follows only), whose content
 * the viewer may see, with no block between them either way and none the viewer muted. Every
 * discovery read starts here, so its cost follows the number of people followed.
 */
export const BUDS_CTE = `buds AS (
  SELECT f.following_id AS id FROM ${FOLLOWS} f JOIN ${USERS} u ON u.id = f.following_id
  WHERE f.follower_id = $1 AND ${visibleToViewerSql('u', '$1')} AND ${notBlockedSql('f.following_id', '$1')}
    AND ${notMutedSql('f.following_id', '$1')})`;

/** The words a search matches (the migration's trigram index is on this expression). */
const SEARCH_TEXT = `lower(r.name || ' ' || coalesce(r.cuisine, '') || ' ' || r.address)`;

/** A person beside an item, from the users projection, prefixed `u_`. */
export interface UserColumns {
  user_id: number;
  u_username: string;
  u_name: string;
  u_profile_picture: string | null;
}
const USER_COLUMNS = `u.id AS user_id, u.username AS u_username, u.name AS u_name, u.profile_picture AS u_profile_picture`;

/** A bud's newest review of a place of the city, with the viewer's shared taste with that bud. */
export type BudReviewRow = PrefixedRestaurant &
  UserColumns & {
    rating: number;
    created_at: Date;
    visit_date: string | null;
    taste_shared: number;
    taste_diff_sum: number;
  };

export interface TasteRow {
  shared: number;
  diff_sum: number;
}

export type SearchRow = PrefixedRestaurant & {
  r_cuisine: string | null;
  average_rating: number | null;
  total_reviews: number;
  bud_review_count: number;
  bud_average_rating: number | null;
  bud_favorite_count: number;
  is_saved: boolean;
  match_score: number;
};

export type RecommendationRow = PrefixedRestaurant & {
  r_cuisine: string | null;
  average_rating: number | null;
  total_reviews: number;
  bud_review_count: number;
  bud_average_rating: number | null;
  is_saved: boolean;
  /** The viewer's flavor badges, city badges (keys), cities reviewed and places rated 4+ (names). */
  my_flavors: string[];
  my_cities: string[];
  my_liked_names: string[];
};

/** A feed item; a status has no restaurant (its restaurant columns are all null). */
export type FeedRow = (PrefixedRestaurant | { [K in keyof PrefixedRestaurant]: null }) &
  UserColumns & {
    type: 'review' | 'save' | 'checkin' | 'status';
    kind: number;
    id: number;
    created_at: Date;
    /** Microseconds since the epoch, as text (the cursor's exact position). */
    created_micros: string;
    rating: number | null;
    message: string | null;
    /** Check-ins and statuses only (null on reviews and saves). */
    like_count: number | null;
    liked_by_me: boolean | null;
    comment_count: number | null;
  };

/** A bud's open check-in with how busy its restaurant is. */
export type HotspotRow = PrefixedRestaurant &
  UserColumns & {
    checked_in_at: Date;
    status: string | null;
    checked_in_now: number;
    check_ins_last_hour: number;
  };

/** A bud active in the stories window. */
export type StoryRow = UserColumns & { last_activity_at: Date; reviews: number; check_ins: number };

export interface FeedPosition {
  micros: string;
  kind: number;
  id: number;
}

/** Discovery's reads: each one statement over the viewer's buds (see docs/api-discovery.md). */
@Injectable()
export class DiscoveryRepository {
  /**
   * Every bud's newest review of each place in `city`, with the viewer's shared taste with that
   * bud (restaurants both reviewed, each side's stars averaged per place). One row per bud and place.
   */
  async budReviewsInCity(manager: EntityManager, viewerId: number, city: string): Promise<BudReviewRow[]> {
    return rowsOf<BudReviewRow>(
      await manager.query(
        `WITH ${BUDS_CTE},
         bud_reviews AS (
           SELECT DISTINCT ON (v.user_id, v.restaurant_id)
                  v.user_id, v.restaurant_id, v.rating, v.created_at, v.visit_date
           FROM buds b JOIN ${REVIEWS} v ON v.user_id = b.id
           JOIN ${RESTAURANTS} r ON r.id = v.restaurant_id
           WHERE r.city = $2
           ORDER BY v.user_id, v.restaurant_id, v.id DESC),
         mine AS (
           SELECT restaurant_id, AVG(rating)::float AS rating FROM ${REVIEWS} WHERE user_id = $1
           GROUP BY restaurant_id),
         theirs AS (
           SELECT v.user_id, v.restaurant_id, AVG(v.rating)::float AS rating
           FROM ${REVIEWS} v JOIN mine m ON m.restaurant_id = v.restaurant_id
           WHERE v.user_id IN (SELECT DISTINCT user_id FROM bud_reviews)
           GROUP BY v.user_id, v.restaurant_id),
         taste AS (
           SELECT t.user_id, COUNT(*)::int AS shared, SUM(ABS(t.rating - m.rating))::float AS diff_sum
           FROM theirs t JOIN mine m ON m.restaurant_id = t.restaurant_id GROUP BY t.user_id)
         SELECT br.restaurant_id, ${prefixedRestaurantSql('r')}, ${USER_COLUMNS},
                br.rating::int AS rating, br.created_at, to_char(br.visit_date, 'YYYY-MM-DD') AS visit_date,
                COALESCE(t.shared, 0)::int AS taste_shared, COALESCE(t.diff_sum, 0)::float AS taste_diff_sum
         FROM bud_reviews br
         JOIN ${RESTAURANTS} r ON r.id = br.restaurant_id
         JOIN ${USERS} u ON u.id = br.user_id
         LEFT JOIN taste t ON t.user_id = br.user_id`,
        [viewerId, city],
      ),
    );
  }

  /** Restaurants both reviewed, and the sum of |stars a - stars b| (each side averaged per place). */
  async sharedTaste(manager: EntityManager, a: number, b: number): Promise<TasteRow> {
    const rows = rowsOf<TasteRow>(
      await manager.query(
        `WITH mine AS (SELECT restaurant_id, AVG(rating)::float AS rating FROM ${REVIEWS}
                       WHERE user_id = $1 GROUP BY restaurant_id),
              theirs AS (SELECT restaurant_id, AVG(rating)::float AS rating FROM ${REVIEWS}
                         WHERE user_id = $2 GROUP BY restaurant_id)
         SELECT COUNT(*)::int AS shared, COALESCE(SUM(ABS(m.rating - t.rating)), 0)::float AS diff_sum
         FROM mine m JOIN theirs t ON t.restaurant_id = m.restaurant_id`,
        [a, b],
      ),
    );
    return rows[0] ?? { shared: 0, diff_sum: 0 };
  }

  /**
   * Restaurants whose name, cuisine or address words resemble `q` (pg_trgm word similarity, or
   * the text containing it), at most `candidates` of the best matches, then your buds'
   * favourites first (rated 4+ or saved by a bud), then the closer match; `limit` answered.
   */
  async search(
    manager: EntityManager,
    viewerId: number,
    q: string,
    limit: number,
    candidates: number,
  ): Promise<SearchRow[]> {
    const lowered = q.toLowerCase();
    const contains = `%${lowered.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return rowsOf<SearchRow>(
      await manager.query(
        `WITH ${BUDS_CTE}, ${hiddenStarsCteSql('$1')},
         hits AS (
           SELECT r.id, word_similarity($2, ${SEARCH_TEXT}) AS score
           FROM ${RESTAURANTS} r
           WHERE $2 <% ${SEARCH_TEXT} OR ${SEARCH_TEXT} LIKE $3
           ORDER BY score DESC, r.id LIMIT $5),
         -- The buds' reviews and saves read from the buds' side (their user indexes), then kept
         -- for the hits: this grows with the people followed, not with each place's reviews.
         bud_reviews AS (
           SELECT DISTINCT ON (v.user_id, v.restaurant_id) v.restaurant_id, v.rating
           FROM buds b JOIN ${REVIEWS} v ON v.user_id = b.id
           WHERE v.restaurant_id IN (SELECT id FROM hits)
           ORDER BY v.user_id, v.restaurant_id, v.id DESC),
         bud AS (
           SELECT restaurant_id, COUNT(*) AS n, AVG(rating)::float AS average,
                  COUNT(*) FILTER (WHERE rating >= 4) AS fans
           FROM bud_reviews GROUP BY restaurant_id),
         bud_saves AS (
           SELECT s.restaurant_id, COUNT(*) AS n FROM buds b JOIN ${SAVED} s ON s.user_id = b.id
           WHERE s.restaurant_id IN (SELECT id FROM hits)
             AND NOT EXISTS (SELECT 1 FROM ${REVIEWS} v WHERE v.user_id = s.user_id
                             AND v.restaurant_id = s.restaurant_id AND v.rating >= 4)
           GROUP BY s.restaurant_id)
         SELECT h.id AS restaurant_id, ${prefixedRestaurantSql('r')}, r.cuisine AS r_cuisine,
                ${restaurantRatingColumnsSql('agg')},
                COALESCE(bud.n, 0)::int AS bud_review_count, bud.average AS bud_average_rating,
                (COALESCE(bud.fans, 0) + COALESCE(bud_saves.n, 0))::int AS bud_favorite_count,
                EXISTS (SELECT 1 FROM ${SAVED} s WHERE s.restaurant_id = h.id AND s.user_id = $1) AS is_saved,
                round(h.score::numeric, 3)::float AS match_score
         FROM hits h JOIN ${RESTAURANTS} r ON r.id = h.id
         ${restaurantRatingJoinSql('agg', 'h.id')}
         LEFT JOIN bud ON bud.restaurant_id = h.id
         LEFT JOIN bud_saves ON bud_saves.restaurant_id = h.id
         ORDER BY bud_favorite_count DESC, h.score DESC, total_reviews DESC, h.id
         LIMIT $4`,
        [viewerId, lowered, contains, limit, candidates],
      ),
    );
  }

  /**
   * Candidates for the viewer's recommendations, none they reviewed: places their buds reviewed,
   * and rated places in the cities they reviewed in or hold a city badge of (at most `candidates`
   * of those, newest first); optionally only where the address contains `location` or the city
   * is `locationCity`. Each row carries the viewer's badges and liked places for the scoring.
   */
  async recommendationCandidates(
    manager: EntityManager,
    viewerId: number,
    filter: { location: string | null; locationCity: string | null },
    candidates: number,
  ): Promise<RecommendationRow[]> {
    const contains =
      filter.location === null
        ? null
        : `%${filter.location.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return rowsOf<RecommendationRow>(
      await manager.query(
        `WITH ${BUDS_CTE}, ${hiddenStarsCteSql('$1')},
         mine AS (
           SELECT v.restaurant_id, v.rating, r.city, r.name FROM ${REVIEWS} v
           JOIN ${RESTAURANTS} r ON r.id = v.restaurant_id WHERE v.user_id = $1),
         me AS (
           SELECT COALESCE(b.flavor_badges, '{}') AS flavors,
                  ARRAY(SELECT DISTINCT c FROM (
                    SELECT city AS c FROM mine WHERE city IS NOT NULL
                    UNION SELECT unnest(COALESCE(b.city_badges, '{}'))) cities) AS cities,
                  ARRAY(SELECT DISTINCT lower(name) FROM mine WHERE rating >= 4) AS liked
           FROM (SELECT 1) one LEFT JOIN ${BADGES} b ON b.user_id = $1),
         bud_rated AS (
           SELECT x.restaurant_id, COUNT(*)::int AS n, AVG(x.rating)::float AS average
           FROM (SELECT DISTINCT ON (v.user_id, v.restaurant_id) v.user_id, v.restaurant_id, v.rating
                 FROM buds b JOIN ${REVIEWS} v ON v.user_id = b.id
                 ORDER BY v.user_id, v.restaurant_id, v.id DESC) x
           GROUP BY x.restaurant_id),
         in_my_cities AS (
           -- Per city, the newest rated places by restaurants_city_idx (city, id) read backwards
           -- and stopped at the limit: the cost does not grow with a city's size.
           -- The rating test is a scalar subquery (one key probe per place walked), not a join:
           -- as a join the planner hashed the whole restaurant_ratings table per city.
           SELECT x.id FROM me CROSS JOIN LATERAL unnest(me.cities) AS mc(city)
           CROSS JOIN LATERAL (
             SELECT r.id FROM ${RESTAURANTS} r
             WHERE r.city = mc.city
               AND (SELECT rr.review_count FROM ${RESTAURANT_RATINGS} rr WHERE rr.restaurant_id = r.id) > 0
             ORDER BY r.id DESC LIMIT $4) x
           ORDER BY x.id DESC LIMIT $4),
         -- One array of candidate ids, so each candidate's restaurant and rating are read by key
         -- (id = ANY): joined to a CTE of unknown size, the planner scanned and hashed the whole
         -- restaurants and restaurant_ratings tables, a cost growing with every place stored.
         candidates AS (
           SELECT ARRAY(SELECT restaurant_id FROM bud_rated UNION SELECT id FROM in_my_cities) AS ids)
         SELECT r.id AS restaurant_id, ${prefixedRestaurantSql('r')}, r.cuisine AS r_cuisine,
                ${restaurantRatingColumnsSql('agg')},
                COALESCE(br.n, 0)::int AS bud_review_count, br.average AS bud_average_rating,
                EXISTS (SELECT 1 FROM ${SAVED} s WHERE s.restaurant_id = r.id AND s.user_id = $1) AS is_saved,
                me.flavors AS my_flavors, me.cities AS my_cities, me.liked AS my_liked_names
         FROM candidates c JOIN ${RESTAURANTS} r ON r.id = ANY (c.ids) CROSS JOIN me
         LEFT JOIN bud_rated br ON br.restaurant_id = r.id
         ${restaurantRatingJoinSql('agg', 'r.id')}
         WHERE NOT EXISTS (SELECT 1 FROM mine m WHERE m.restaurant_id = r.id)
           AND ($2::text IS NULL OR lower(r.address) LIKE $2 OR r.city = $3)`,
        [viewerId, contains, filter.locationCity, candidates],
      ),
    );
  }

  /**
   * The buds who reviewed or checked in during the last `hours` (each bud's rows by
   * reviews_user_created_idx and check_ins_user_created_idx), latest activity first, `limit` of them.
   */
  async stories(manager: EntityManager, viewerId: number, hours: number, limit: number): Promise<StoryRow[]> {
    return rowsOf<StoryRow>(
      await manager.query(
        `WITH ${BUDS_CTE},
         acts AS (
           SELECT v.user_id, v.created_at AS at, 1 AS review, 0 AS check_in
           FROM buds b JOIN ${REVIEWS} v ON v.user_id = b.id
           WHERE v.created_at > now() - make_interval(hours => $2)
           UNION ALL
           SELECT c.user_id, c.checked_in_at, 0, 1
           FROM buds b JOIN ${CHECK_INS} c ON c.user_id = b.id
           WHERE c.checked_in_at > now() - make_interval(hours => $2))
         SELECT ${USER_COLUMNS}, MAX(a.at) AS last_activity_at,
                SUM(a.review)::int AS reviews, SUM(a.check_in)::int AS check_ins
         FROM acts a JOIN ${USERS} u ON u.id = a.user_id
         GROUP BY u.id, u.username, u.name, u.profile_picture
         ORDER BY last_activity_at DESC, u.id
         LIMIT $3`,
        [viewerId, hours, limit],
      ),
    );
  }

  /**
   * The buds' open check-ins (active, begun less than `openHours` ago: each bud's one active row
   * by the partial unique index), each with its restaurant's open check-ins and those begun in the
   * last hour, by anyone (check_ins_restaurant_idx).
   */
  async hotspots(manager: EntityManager, viewerId: number, openHours: number): Promise<HotspotRow[]> {
    return rowsOf<HotspotRow>(
      await manager.query(
        `WITH ${BUDS_CTE},
         open_buds AS (
           SELECT c.restaurant_id, c.user_id, c.checked_in_at, c.status
           FROM buds b JOIN ${CHECK_INS} c ON c.user_id = b.id
           WHERE c.is_active AND c.checked_in_at > now() - make_interval(hours => $2))
         SELECT ob.restaurant_id, ${prefixedRestaurantSql('r')}, ${USER_COLUMNS}, ob.checked_in_at, ob.status,
                busy.checked_in_now, busy.check_ins_last_hour
         FROM open_buds ob JOIN ${RESTAURANTS} r ON r.id = ob.restaurant_id JOIN ${USERS} u ON u.id = ob.user_id
         CROSS JOIN LATERAL (
           SELECT COUNT(*) FILTER (WHERE c.is_active)::int AS checked_in_now,
                  COUNT(*) FILTER (WHERE c.checked_in_at > now() - interval '1 hour')::int AS check_ins_last_hour
           FROM ${CHECK_INS} c
           WHERE c.restaurant_id = ob.restaurant_id AND c.checked_in_at > now() - make_interval(hours => $2)) busy`,
        [viewerId, openHours],
      ),
    );
  }

  /**
   * One page of the buds' reviews, saves, check-ins and statuses, newest first (created_at, kind,
   * id), from before `after` when given, in `city` when given: each bud's newest `limit` of each
   * kind by its (user_id, created_at DESC, id DESC) index, then merged. `limit` rows at most.
   * A status has no place, so no city: with a city filter statuses are left out.
   */
  async feed(
    manager: EntityManager,
    viewerId: number,
    filter: { city: string | null; after: FeedPosition | null; limit: number },
  ): Promise<FeedRow[]> {
    const position = `(timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::int, $5::int)`;
    const before = (created: string, kind: number, id: string) =>
      `($3::bigint IS NULL OR (${created}, ${kind}, ${id}) < ${position})`;
    const inCity = `($2::text IS NULL OR r.city = $2)`;
    // A page item's likes and comments, from its kind's tables (check-ins and statuses only).
    const reactions = (t: ReactionTables) => `(SELECT ${reactionColumnsSql(t, 'page.id', '$1')})`;
    return rowsOf<FeedRow>(
      await manager.query(
        `WITH ${BUDS_CTE},
         items AS (
           SELECT x.* FROM buds b CROSS JOIN LATERAL (
             SELECT 'review' AS type, 2 AS kind, v.id, v.user_id, v.restaurant_id, v.created_at,
                    v.rating::int AS rating, v.notes AS message
             FROM ${REVIEWS} v JOIN ${RESTAURANTS} r ON r.id = v.restaurant_id
             WHERE v.user_id = b.id AND ${inCity} AND ${before('v.created_at', 2, 'v.id')}
             ORDER BY v.created_at DESC, v.id DESC LIMIT $6) x
           UNION ALL
           SELECT x.* FROM buds b CROSS JOIN LATERAL (
             SELECT 'save' AS type, 1 AS kind, s.id, s.user_id, s.restaurant_id, s.created_at,
                    NULL::int AS rating, s.notes AS message
             FROM ${SAVED} s JOIN ${RESTAURANTS} r ON r.id = s.restaurant_id
             WHERE s.user_id = b.id AND ${inCity} AND ${before('s.created_at', 1, 's.id')}
             ORDER BY s.created_at DESC, s.id DESC LIMIT $6) x
           UNION ALL
           SELECT x.* FROM buds b CROSS JOIN LATERAL (
             SELECT 'checkin' AS type, 0 AS kind, c.id, c.user_id, c.restaurant_id, c.checked_in_at AS created_at,
                    NULL::int AS rating, c.status::text AS message
             FROM ${CHECK_INS} c JOIN ${RESTAURANTS} r ON r.id = c.restaurant_id
             WHERE c.user_id = b.id AND ${inCity} AND ${before('c.checked_in_at', 0, 'c.id')}
             ORDER BY c.checked_in_at DESC, c.id DESC LIMIT $6) x
           UNION ALL
           SELECT x.* FROM buds b CROSS JOIN LATERAL (
             SELECT 'status' AS type, 3 AS kind, st.id, st.user_id, NULL::int AS restaurant_id, st.created_at,
                    NULL::int AS rating, st.text::text AS message
             FROM ${STATUSES} st
             WHERE st.user_id = b.id AND $2::text IS NULL AND ${before('st.created_at', 3, 'st.id')}
             ORDER BY st.created_at DESC, st.id DESC LIMIT $6) x)
         SELECT page.*, reacted.*
         FROM (
           SELECT i.type, i.kind, i.id, i.restaurant_id, i.created_at,
                  ((extract(epoch FROM i.created_at) * 1000000)::bigint)::text AS created_micros,
                  i.rating, i.message, ${prefixedRestaurantSql('r')}, ${USER_COLUMNS}
           FROM items i LEFT JOIN ${RESTAURANTS} r ON r.id = i.restaurant_id JOIN ${USERS} u ON u.id = i.user_id
           ORDER BY i.created_at DESC, i.kind DESC, i.id DESC
           LIMIT $6) page
         LEFT JOIN LATERAL (
           SELECT * FROM ${reactions(CHECK_IN_TABLES)} ci WHERE page.type = 'checkin'
           UNION ALL
           SELECT * FROM ${reactions(STATUS_TABLES)} st WHERE page.type = 'status') reacted ON true
         ORDER BY page.created_at DESC, page.kind DESC, page.id DESC`,
        [
          viewerId,
          filter.city,
          filter.after?.micros ?? null,
          filter.after?.kind ?? null,
          filter.after?.id ?? null,
          filter.limit,
        ],
      ),
    );
  }
}

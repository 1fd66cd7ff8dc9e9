import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table, type ColumnsOf, type Prefixed } from '../common/sql.js';
import type { IdentityUserEntity } from '../projections/identity/identity-user.entity.js';
import { ReviewEntity } from '../reviews/review.entity.js';
import { RestaurantEntity } from './restaurant.entity.js';
import {
  notBlockedSql,
  visibleToViewerSql,
} from '../projections/social-graph/social-graph-edges.repository.js';
import type { MoodSignal } from './mood.policy.js';
import {
  hiddenStarsCteSql,
  restaurantRatingColumnsSql,
  restaurantRatingJoinSql,
} from './restaurant-ratings.sql.js';

const RESTAURANTS = table('restaurants');
const REVIEWS = table('reviews');
const SAVED = table('saved_restaurants');
const USERS = table('users');
const BADGES = table('user_badges');

/** A restaurant as repositories read it (keys and photo bytes aside), with whether it has a photo. */
export type RestaurantRow = ColumnsOf<
  Omit<RestaurantEntity, 'nameKey' | 'addressKey' | 'photo' | 'photoType' | 'createdAt'>
> & { has_photo: boolean };

const COLUMNS = `r.id, r.name, r.address, r.city, r.latitude, r.longitude, r.location_approximate,
  r.cuisine, r.price_range, r.category, r.phone, r.website, r.photo_version, (r.photo_type IS NOT NULL) AS has_photo`;

export interface NewPlace {
  name: string;
  address: string;
  nameKey: string;
  addressKey: string;
  city: string;
  latitude: number;
  longitude: number;
  approximate: boolean;
}

export type StoredPhoto = Pick<RestaurantEntity, 'name' | 'photo' | 'photoType' | 'photoVersion'>;

/** The restaurant columns a summary shows (restaurantSummary), beside a row of another table. */
const SUMMARY_COLUMNS = [
  'name',
  'address',
  'city',
  'latitude',
  'longitude',
  'location_approximate',
  'photo_version',
] as const satisfies ReadonlyArray<keyof RestaurantRow>;

/** A row of another table joined with its restaurant's summary columns, prefixed `r_`. */
export type PrefixedRestaurant = { restaurant_id: number } & Prefixed<
  Pick<RestaurantRow, (typeof SUMMARY_COLUMNS)[number]>,
  'r_'
>;

/** SQL: the PrefixedRestaurant columns of restaurants aliased `alias`. */
export const prefixedRestaurantSql = (alias: string): string =>
  SUMMARY_COLUMNS.map((column) => `${alias}.${column} AS r_${column}`).join(', ');

export interface RatedRestaurantRow extends RestaurantRow {
  average_rating: number | null;
  total_reviews: number;
  is_saved: boolean;
}

/** A review on a restaurant's page, with its reviewer from the users projection. */
export type RestaurantReviewRow = Pick<
  ColumnsOf<ReviewEntity>,
  'id' | 'rating' | 'notes' | 'visit_date' | 'created_at' | 'user_id'
> &
  Pick<ColumnsOf<IdentityUserEntity>, 'username' | 'name' | 'profile_picture'>;

@Injectable()
export class RestaurantsRepository {
  /**
   * The restaurant at this place (same name and address keys), created when new. A known place
   * is only read: its row is not locked, so reviews of one restaurant never queue behind each
   * other's transactions (an upsert's DO UPDATE locked it until commit, the write path's main
   * wait under load). Two first reviews of a new place at once both end on the one row (DO
   * NOTHING, then read). An approximate position is replaced when a review brings coordinates.
   */
  async findOrCreate(manager: EntityManager, place: NewPlace): Promise<RestaurantRow> {
    const found = (await this.findByKeys(manager, place)) ?? (await this.insertNew(manager, place));
    const row = found ?? ((await this.findByKeys(manager, place)) as RestaurantRow);
    return row.location_approximate && !place.approximate
      ? ((await this.placeExactly(manager, row.id, place)) ?? row)
      : row;
  }

  /** The one restaurant of this name in the city, if exactly one (an import naming only the city). */
  async findOnlyByNameInCity(
    manager: EntityManager,
    nameKey: string,
    city: string,
  ): Promise<RestaurantRow | null> {
    const rows = rowsOf<RestaurantRow>(
      await manager.query(
        `SELECT ${COLUMNS} FROM ${RESTAURANTS} r WHERE city = $1 AND name_key = $2 LIMIT 2`,
        [city, nameKey],
      ),
    );
    return rows.length === 1 ? rows[0] : null;
  }

  /** The restaurant stored under these place keys (placeKey of its name and address), if any. */
  findByPlaceKeys(
    manager: EntityManager,
    nameKey: string,
    addressKey: string,
  ): Promise<RestaurantRow | null> {
    return this.findByKeys(manager, { nameKey, addressKey });
  }

  private async findByKeys(
    manager: EntityManager,
    place: Pick<NewPlace, 'nameKey' | 'addressKey'>,
  ): Promise<RestaurantRow | null> {
    const rows = rowsOf<RestaurantRow>(
      await manager.query(
        `SELECT ${COLUMNS} FROM ${RESTAURANTS} r WHERE name_key = $1 AND address_key = $2`,
        [place.nameKey, place.addressKey],
      ),
    );
    return rows[0] ?? null;
  }

  /** The new restaurant, or null when a concurrent review created it first. */
  private async insertNew(manager: EntityManager, place: NewPlace): Promise<RestaurantRow | null> {
    const rows = rowsOf<RestaurantRow>(
      await manager.query(
        `INSERT INTO ${RESTAURANTS} AS r (name, address, name_key, address_key, city, latitude, longitude, location_approximate)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (name_key, address_key) DO NOTHING
         RETURNING ${COLUMNS}`,
        [
          place.name,
          place.address,
          place.nameKey,
          place.addressKey,
          place.city,
          place.latitude,
          place.longitude,
          place.approximate,
        ],
      ),
    );
    return rows[0] ?? null;
  }

  /** Exact coordinates replace the city centre (null when another review did it first). */
  private async placeExactly(
    manager: EntityManager,
    id: number,
    place: NewPlace,
  ): Promise<RestaurantRow | null> {
    const rows = rowsOf<RestaurantRow>(
      await manager.query(
        `UPDATE ${RESTAURANTS} AS r SET latitude = $2, longitude = $3, city = $4, location_approximate = false
         WHERE r.id = $1 AND r.location_approximate
         RETURNING ${COLUMNS}`,
        [id, place.latitude, place.longitude, place.city],
      ),
    );
    return rows[0] ?? null;
  }

  async find(manager: EntityManager, id: number): Promise<RestaurantRow | null> {
    const rows = rowsOf<RestaurantRow>(
      await manager.query(`SELECT ${COLUMNS} FROM ${RESTAURANTS} r WHERE id = $1`, [id]),
    );
    return rows[0] ?? null;
  }

  /**
   * The restaurant with its rating over all reviews (but those of people blocked either way by
   * `viewerId`), and whether `viewerId` saved it.
   */
  async findRated(
    manager: EntityManager,
    id: number,
    viewerId: number | null,
  ): Promise<RatedRestaurantRow | null> {
    const rows = rowsOf<RatedRestaurantRow>(
      await manager.query(
        `WITH ${hiddenStarsCteSql('$2')}
         SELECT ${COLUMNS}, ${restaurantRatingColumnsSql('agg')},
           EXISTS (SELECT 1 FROM ${SAVED} s WHERE s.restaurant_id = r.id AND s.user_id = $2::int) AS is_saved
         FROM ${RESTAURANTS} r ${restaurantRatingJoinSql('agg', 'r.id')} WHERE r.id = $1`,
        [id, viewerId],
      ),
    );
    return rows[0] ?? null;
  }

  /** Restaurants (of a city when given), best rated first (the viewer's hidden stars aside), with the viewer's saved flag. */
  async listRated(
    manager: EntityManager,
    filter: { city: string | null; viewerId: number | null; limit: number; offset: number },
  ): Promise<RatedRestaurantRow[]> {
    return rowsOf<RatedRestaurantRow>(
      await manager.query(
        `WITH ${hiddenStarsCteSql('$2')}
         SELECT ${COLUMNS}, ${restaurantRatingColumnsSql('agg')},
           EXISTS (SELECT 1 FROM ${SAVED} s WHERE s.restaurant_id = r.id AND s.user_id = $2::int) AS is_saved
         FROM ${RESTAURANTS} r ${restaurantRatingJoinSql('agg', 'r.id')}
         WHERE ($1::text IS NULL OR r.city = $1)
         ORDER BY average_rating DESC NULLS LAST, total_reviews DESC, r.id
         LIMIT $3 OFFSET $4`,
        [filter.city, filter.viewerId, filter.limit, filter.offset],
      ),
    );
  }

  /** The newest reviews of a restaurant whose reviewers the viewer may see (none blocked either way). */
  async visibleReviews(
    manager: EntityManager,
    restaurantId: number,
    viewerId: number | null,
    limit: number,
  ): Promise<RestaurantReviewRow[]> {
    return rowsOf<RestaurantReviewRow>(
      await manager.query(
        `SELECT v.id, v.rating, v.notes, to_char(v.visit_date, 'YYYY-MM-DD') AS visit_date, v.created_at,
                u.id AS user_id, u.username, u.name, u.profile_picture
         FROM ${REVIEWS} v JOIN ${USERS} u ON u.id = v.user_id
         WHERE v.restaurant_id = $1 AND ${visibleToViewerSql('u', '$2')} AND ${notBlockedSql('v.user_id', '$2')}
         ORDER BY v.id DESC LIMIT $3`,
        [restaurantId, viewerId, limit],
      ),
    );
  }

  /**
   * What the mood tags read of the newest reviews: notes, rating and the author's flavor badges
   * (all reviewers: tags say nothing about who wrote what).
   */
  async moodSignals(manager: EntityManager, restaurantId: number, limit: number): Promise<MoodSignal[]> {
    const rows = rowsOf<{
      user_id: number;
      rating: number;
      notes: string | null;
      flavor_badges: string[] | null;
    }>(
      await manager.query(
        `SELECT v.user_id, v.rating, v.notes, b.flavor_badges
         FROM ${REVIEWS} v LEFT JOIN ${BADGES} b ON b.user_id = v.user_id
         WHERE v.restaurant_id = $1 ORDER BY v.id DESC LIMIT $2`,
        [restaurantId, limit],
      ),
    );
    return rows.map((r) => ({
      userId: r.user_id,
      rating: r.rating,
      notes: r.notes,
      flavorBadges: r.flavor_badges ?? [],
    }));
  }

  async photo(manager: EntityManager, id: number): Promise<StoredPhoto | null> {
    return manager.findOne(RestaurantEntity, {
      select: { name: true, photo: true, photoType: true, photoVersion: true },
      where: { id },
    });
  }

  /** Whether the user has a review of the restaurant (who may add its photo). */
  async hasReviewed(manager: EntityManager, restaurantId: number, userId: number): Promise<boolean> {
    return manager.existsBy(ReviewEntity, { restaurantId, userId });
  }

  /** Stores the photo and answers its new version (null: no such restaurant). */
  async setPhoto(
    manager: EntityManager,
    id: number,
    photo: { bytes: Buffer; contentType: string },
  ): Promise<number | null> {
    const rows = rowsOf<{ photo_version: number }>(
      await manager.query(
        `UPDATE ${RESTAURANTS} SET photo = $2, photo_type = $3, photo_version = photo_version + 1
         WHERE id = $1 RETURNING photo_version`,
        [id, photo.bytes, photo.contentType],
      ),
    );
    return rows[0]?.photo_version ?? null;
  }
}

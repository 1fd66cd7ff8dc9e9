import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';

const PLACE = `r.id AS "restaurantId", r.name, r.address, r.city, r.latitude, r.longitude`;

/** Raw rows of a person's data for the export (timestamps as Date, coordinates as numbers). */
@Injectable()
export class ReviewsExportRepository {
  reviews(m: EntityManager, userId: number) {
    return this.read(
      m,
      `SELECT v.id AS "reviewId", ${PLACE}, v.rating, v.notes, v.visit_date::text AS "visitDate", v.created_at AS "createdAt"
         FROM ${table('reviews')} v JOIN ${table('restaurants')} r ON r.id = v.restaurant_id
        WHERE v.user_id = $1 ORDER BY v.id`,
      userId,
    );
  }

  saved(m: EntityManager, userId: number) {
    return this.read(
      m,
      `SELECT ${PLACE}, s.notes, s.created_at AS "savedAt"
         FROM ${table('saved_restaurants')} s JOIN ${table('restaurants')} r ON r.id = s.restaurant_id
        WHERE s.user_id = $1 ORDER BY s.id`,
      userId,
    );
  }

  checkIns(m: EntityManager, userId: number) {
    return this.read(
      m,
      `SELECT c.id AS "checkInId", ${PLACE}, c.status, c.checked_in_at AS "checkedInAt"
         FROM ${table('check_ins')} c JOIN ${table('restaurants')} r ON r.id = c.restaurant_id
        WHERE c.user_id = $1 ORDER BY c.id`,
      userId,
    );
  }

  comments(m: EntityManager, userId: number) {
    return this.read(
      m,
      `SELECT id AS "commentId", check_in_id AS "checkInId", text, created_at AS "createdAt"
         FROM ${table('check_in_comments')} WHERE user_id = $1 ORDER BY id`,
      userId,
    );
  }

  likes(m: EntityManager, userId: number) {
    return this.read(
      m,
      `SELECT check_in_id AS "checkInId", created_at AS "likedAt"
         FROM ${table('check_in_likes')} WHERE user_id = $1 ORDER BY created_at, check_in_id`,
      userId,
    );
  }

  private async read(m: EntityManager, sql: string, userId: number): Promise<Record<string, unknown>[]> {
    return rowsOf<Record<string, unknown>>(await m.query(sql, [userId]));
  }
}

import { Injectable } from '@nestjs/common';
import type { Page } from '@dinebuds/service-client';
import type { EntityManager } from 'typeorm';
import { IDENTITY_SCHEMA } from '../config.js';
import type { AdminUserFilters, AdminUserRow } from './admin-users.policy.js';

const USERS = `"${IDENTITY_SCHEMA}"."users"`;
const CITY_REVIEWS = `"${IDENTITY_SCHEMA}"."user_city_reviews"`;

/** The admin row's columns; the most-visited city is the city with most of the person's reviews. */
const ROW_COLUMNS = `u.id, u.username, u.name, u.picture_type, u.picture_version, u.review_count,
  u.is_admin, u.is_private, u.is_active, u.deactivated_at, u.created_at,
  (SELECT c.city FROM ${CITY_REVIEWS} c
    WHERE c.user_id = u.id AND c.review_count > 0
    ORDER BY c.review_count DESC, c.city ASC LIMIT 1) AS most_visited_city`;

/** $1 the LIKE pattern or null, $2/$3 the review-count bounds, $4 active or null. */
const MATCHING = `($1::text IS NULL OR lower(u.username) LIKE $1 ESCAPE '\\' OR lower(u.name) LIKE $1 ESCAPE '\\')
  AND u.review_count >= $2 AND ($3::int IS NULL OR u.review_count <= $3)
  AND ($4::boolean IS NULL OR u.is_active = $4)`;

/** The admin Users table's reads and the account status change, on identity.users. */
@Injectable()
export class AdminUsersRepository {
  /** One page in id order, and how many match in all. */
  async page(
    manager: EntityManager,
    pattern: string | null,
    filters: AdminUserFilters,
    page: Required<Page>,
  ): Promise<{ rows: AdminUserRow[]; total: number }> {
    const values = [pattern, filters.minReviews, filters.maxReviews, filters.active];
    const [rows, counted]: [AdminUserRow[], Array<{ total: number }>] = await Promise.all([
      manager.query(
        `SELECT ${ROW_COLUMNS} FROM ${USERS} u WHERE ${MATCHING} ORDER BY u.id LIMIT $5 OFFSET $6`,
        [...values, page.limit, page.offset],
      ),
      manager.query(`SELECT count(*)::int AS total FROM ${USERS} u WHERE ${MATCHING}`, values),
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }

  async find(manager: EntityManager, id: number): Promise<AdminUserRow | null> {
    const rows: AdminUserRow[] = await manager.query(
      `SELECT ${ROW_COLUMNS} FROM ${USERS} u WHERE u.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Sets the account's state; deactivated_at records when it was switched off. */
  async setActive(manager: EntityManager, id: number, active: boolean): Promise<void> {
    await manager.query(
      `UPDATE ${USERS} SET is_active = $2, deactivated_at = CASE WHEN $2 THEN NULL ELSE now() END,
         updated_at = now() WHERE id = $1`,
      [id, active],
    );
  }
}

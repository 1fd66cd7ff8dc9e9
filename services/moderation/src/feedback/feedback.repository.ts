import { Injectable } from '@nestjs/common';
import type { FeedbackStatusFilter, FeedbackType } from '@dinebuds/contracts';
import { rowsOf, schemaTable } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import type { PersonColumns } from '../common/admin.policy.js';
import { MODERATION_SCHEMA } from '../config.js';
import { FeedbackEntity } from './feedback.entity.js';

const FEEDBACK = schemaTable(MODERATION_SCHEMA, 'feedback');
const USERS = schemaTable(MODERATION_SCHEMA, 'users');

/** A feedback row with its sender's projection (null columns when unknown). */
export interface FeedbackRow {
  id: number;
  type: string;
  text: string;
  createdAt: Date;
  resolved: boolean;
  resolvedAt: Date | null;
  userId: number;
  user: PersonColumns;
}

interface FlatRow extends Omit<FeedbackRow, 'user'> {
  username: string | null;
  name: string | null;
  profilePicture: string | null;
}

const SELECT = `SELECT f.id, f.type, f.text, f.created_at AS "createdAt", f.resolved, f.resolved_at AS "resolvedAt",
    f.user_id AS "userId", u.username, u.name, u.profile_picture AS "profilePicture"
  FROM ${FEEDBACK} f LEFT JOIN ${USERS} u ON u.id = f.user_id`;

const toRow = (row: FlatRow): FeedbackRow => ({
  id: row.id,
  type: row.type,
  text: row.text,
  createdAt: row.createdAt,
  resolved: row.resolved,
  resolvedAt: row.resolvedAt,
  userId: row.userId,
  user: { id: row.userId, username: row.username, name: row.name, profilePicture: row.profilePicture },
});

const resolvedOf = (status: FeedbackStatusFilter) => (status === 'all' ? null : status === 'resolved');

/** Feedback: written by any signed-in person, read and resolved by admins. */
@Injectable()
export class FeedbackRepository {
  async insert(
    manager: EntityManager,
    feedback: { userId: number; type: string; text: string },
  ): Promise<number> {
    const result = await manager.insert(FeedbackEntity, feedback);
    return (result.identifiers[0] as { id: number }).id;
  }

  async row(manager: EntityManager, id: number): Promise<FeedbackRow | null> {
    const rows = rowsOf<FlatRow>(await manager.query(`${SELECT} WHERE f.id = $1`, [id]));
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** One page, newest first, of one type or all, resolved, pending or both. */
  async list(
    manager: EntityManager,
    filter: { type: FeedbackType | null; status: FeedbackStatusFilter },
    page: { limit: number; offset: number },
  ): Promise<FeedbackRow[]> {
    const rows = rowsOf<FlatRow>(
      await manager.query(
        `${SELECT} WHERE ($1::text IS NULL OR f.type = $1) AND ($2::boolean IS NULL OR f.resolved = $2)
          ORDER BY f.id DESC LIMIT $3 OFFSET $4`,
        [filter.type, resolvedOf(filter.status), page.limit, page.offset],
      ),
    );
    return rows.map(toRow);
  }

  /** How many of each type there are with this status (the /feedback tabs' counts). */
  async countsByType(
    manager: EntityManager,
    status: FeedbackStatusFilter,
  ): Promise<{ type: string; count: number }[]> {
    const rows = rowsOf<{ type: string; count: string }>(
      await manager.query(
        `SELECT type, COUNT(*) AS count FROM ${FEEDBACK} WHERE ($1::boolean IS NULL OR resolved = $1) GROUP BY type`,
        [resolvedOf(status)],
      ),
    );
    return rows.map((row) => ({ type: row.type, count: Number(row.count) }));
  }

  /** The row, locked until the transaction ends (a resolve decides once). */
  async lock(manager: EntityManager, id: number): Promise<FeedbackEntity | null> {
    return manager.findOne(FeedbackEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async markResolved(manager: EntityManager, id: number, by: number, at: Date): Promise<void> {
    await manager.update(FeedbackEntity, { id }, { resolved: true, resolvedAt: at, resolvedBy: by });
  }

  /** A deleted person's feedback goes with them. */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.delete(FeedbackEntity, { userId });
  }
}

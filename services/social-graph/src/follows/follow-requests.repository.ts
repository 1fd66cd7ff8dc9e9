import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { rowsOf, socialTable } from '../common/sql.js';
import { userSummaryColumns, type UserSummaryRow } from '../users/user.mapper.js';

const REQUESTS = socialTable('follow_requests');
const USERS = socialTable('users');

export interface RequestRow extends UserSummaryRow {
  requestId: number;
  requesterId: number;
  recipientId: number;
  createdAt: Date;
}

/** Persistence of social.follow_requests. */
@Injectable()
export class FollowRequestsRepository {
  /** The new request's creation time, or null when it was already pending. */
  async insert(manager: EntityManager, requesterId: number, recipientId: number): Promise<Date | null> {
    const rows = rowsOf<{ createdAt: Date }>(
      await manager.query(
        `INSERT INTO ${REQUESTS} ("requester_id", "recipient_id") VALUES ($1, $2)
         ON CONFLICT ("requester_id", "recipient_id") DO NOTHING
         RETURNING "created_at" AS "createdAt"`,
        [requesterId, recipientId],
      ),
    );
    return rows[0]?.createdAt ?? null;
  }

  /** False when no such request was pending. */
  async delete(manager: EntityManager, requesterId: number, recipientId: number): Promise<boolean> {
    const rows = rowsOf(
      await manager.query(
        `DELETE FROM ${REQUESTS} WHERE "requester_id" = $1 AND "recipient_id" = $2 RETURNING "id"`,
        [requesterId, recipientId],
      ),
    );
    return rows.length > 0;
  }

  /** Every request from or to the user goes (the user was deleted). */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${REQUESTS} WHERE "requester_id" = $1 OR "recipient_id" = $1`, [userId]);
  }

  /** Pending requests to `recipientId`, newest first, with the requester's summary. */
  async listTo(manager: EntityManager, recipientId: number, page: Page): Promise<RequestRow[]> {
    return rowsOf<RequestRow>(
      await manager.query(
        `SELECT r."id" AS "requestId", r."requester_id" AS "requesterId", r."recipient_id" AS "recipientId",
                r."created_at" AS "createdAt", ${userSummaryColumns('u')}
         FROM ${REQUESTS} r
         JOIN ${USERS} u ON u."id" = r."requester_id"
         WHERE r."recipient_id" = $1
         ORDER BY r."created_at" DESC, r."id" DESC
         LIMIT $2 OFFSET $3`,
        [recipientId, page.limit, page.offset],
      ),
    );
  }
}

import { Injectable } from '@nestjs/common';
import type { ReportStatus } from '@dinebuds/contracts';
import { rowsOf, schemaTable } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import { MODERATION_SCHEMA } from '../config.js';
import { ContentReportEntity } from './content-report.entity.js';

const REPORTS = schemaTable(MODERATION_SCHEMA, 'content_reports');
const USERS = schemaTable(MODERATION_SCHEMA, 'users');
const REVIEWS = schemaTable(MODERATION_SCHEMA, 'reviews');

/** A report with its reporter, the reported person and the reported review as moderation knows them. */
export interface ReportRow {
  id: number;
  targetType: string;
  targetId: number;
  contentOwnerId: number | null;
  reporterId: number;
  reason: string;
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: number | null;
  decisionReason: string | null;
  reporterUsername: string | null;
  reporterName: string | null;
  reporterPicture: string | null;
  targetUsername: string | null;
  targetName: string | null;
  reviewRating: number | null;
  reviewRestaurantId: number | null;
}

const SELECT = `SELECT c.id, c.target_type AS "targetType", c.target_id AS "targetId",
    c.content_owner_id AS "contentOwnerId", c.reporter_id AS "reporterId", c.reason, c.status,
    c.created_at AS "createdAt", c.decided_at AS "decidedAt", c.decided_by AS "decidedBy",
    c.decision_reason AS "decisionReason",
    ru.username AS "reporterUsername", ru.name AS "reporterName", ru.profile_picture AS "reporterPicture",
    tu.username AS "targetUsername", tu.name AS "targetName",
    rv.rating AS "reviewRating", rv.restaurant_id AS "reviewRestaurantId"
  FROM ${REPORTS} c
  LEFT JOIN ${USERS} ru ON ru.id = c.reporter_id
  LEFT JOIN ${USERS} tu ON c.target_type = 'user' AND tu.id = c.target_id
  LEFT JOIN ${REVIEWS} rv ON c.target_type = 'review' AND rv.id = c.target_id`;

/** Content reports: made by any signed-in person, decided by admins. */
@Injectable()
export class ReportsRepository {
  /** Stores the report unless this person reported this content before; answers its id or null. */
  async insertOnce(
    manager: EntityManager,
    report: {
      targetType: string;
      targetId: number;
      contentOwnerId: number;
      reporterId: number;
      reason: string;
    },
  ): Promise<number | null> {
    const rows = rowsOf<{ id: number }>(
      await manager.query(
        `INSERT INTO ${REPORTS} (target_type, target_id, content_owner_id, reporter_id, reason)
          VALUES ($1, $2, $3, $4, $5)
          ON CONFLICT (reporter_id, target_type, target_id) DO NOTHING RETURNING id`,
        [report.targetType, report.targetId, report.contentOwnerId, report.reporterId, report.reason],
      ),
    );
    return rows[0]?.id ?? null;
  }

  async row(manager: EntityManager, id: number): Promise<ReportRow | null> {
    const rows = rowsOf<ReportRow>(await manager.query(`${SELECT} WHERE c.id = $1`, [id]));
    return rows[0] ?? null;
  }

  /** Newest first, of one status or all. */
  async list(manager: EntityManager, status: ReportStatus | null): Promise<ReportRow[]> {
    return rowsOf<ReportRow>(
      await manager.query(`${SELECT} WHERE ($1::text IS NULL OR c.status = $1) ORDER BY c.id DESC`, [status]),
    );
  }

  /** Resolved reports about this person's content (found against them), newest decision first. */
  async resolvedAbout(manager: EntityManager, ownerId: number): Promise<ReportRow[]> {
    return rowsOf<ReportRow>(
      await manager.query(
        `${SELECT} WHERE c.content_owner_id = $1 AND c.status = 'resolved' ORDER BY c.decided_at DESC, c.id DESC`,
        [ownerId],
      ),
    );
  }

  async countsByStatus(manager: EntityManager): Promise<{ status: string; count: number }[]> {
    const rows = rowsOf<{ status: string; count: string }>(
      await manager.query(`SELECT status, COUNT(*) AS count FROM ${REPORTS} GROUP BY status`),
    );
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  }

  /** The report, locked until the transaction ends (a decision is made once). */
  async lock(manager: EntityManager, id: number): Promise<ContentReportEntity | null> {
    return manager.findOne(ContentReportEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async decide(
    manager: EntityManager,
    id: number,
    decision: { status: 'resolved' | 'dismissed'; by: number; at: Date; reason: string | null },
  ): Promise<void> {
    await manager.update(
      ContentReportEntity,
      { id },
      {
        status: decision.status,
        decidedBy: decision.by,
        decidedAt: decision.at,
        decisionReason: decision.reason,
      },
    );
  }

  /** A deleted person's reports, and the reports about them. */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${REPORTS} WHERE reporter_id = $1 OR content_owner_id = $1`, [userId]);
  }
}

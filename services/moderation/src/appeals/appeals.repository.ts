import { Injectable } from '@nestjs/common';
import { rowsOf, schemaTable } from '@dinebuds/database';
import { In, type EntityManager } from 'typeorm';
import { MODERATION_SCHEMA } from '../config.js';
import { AppealEntity } from './appeal.entity.js';
import type { AppealColumns } from './appeal.policy.js';

const APPEALS = schemaTable(MODERATION_SCHEMA, 'appeals');
const REPORTS = schemaTable(MODERATION_SCHEMA, 'content_reports');
const AUDIT = schemaTable(MODERATION_SCHEMA, 'audit_log');
const USERS = schemaTable(MODERATION_SCHEMA, 'users');
const REVIEWS = schemaTable(MODERATION_SCHEMA, 'reviews');

/** An appeal with who made it and what it contests (a resolved report or an admin action). */
export interface AdminAppealRow extends AppealColumns {
  username: string | null;
  name: string | null;
  profilePicture: string | null;
  action: string;
  targetType: string;
  targetId: number;
  reason: string | null;
  targetUsername: string | null;
  targetName: string | null;
  reviewRating: number | null;
  reviewRestaurantId: number | null;
}

/**
 * Appeals: one per resolved report or per appealable admin action, by the content's owner; decided
 * by admins.
 */
@Injectable()
export class AppealsRepository {
  /** Stores the appeal unless the report has one; answers its id or null. */
  async insertOnce(manager: EntityManager, appeal: { reportId: number; userId: number; text: string }) {
    const rows = rowsOf<{ id: number }>(
      await manager.query(
        `INSERT INTO ${APPEALS} (report_id, user_id, text) VALUES ($1, $2, $3)
          ON CONFLICT (report_id) DO NOTHING RETURNING id`,
        [appeal.reportId, appeal.userId, appeal.text],
      ),
    );
    return rows[0]?.id ?? null;
  }

  /** Stores the appeal of an admin action unless it has one; answers its id or null. */
  async insertOnceForAction(
    manager: EntityManager,
    appeal: { auditEntryId: number; userId: number; text: string },
  ): Promise<number | null> {
    const rows = rowsOf<{ id: number }>(
      await manager.query(
        `INSERT INTO ${APPEALS} (audit_entry_id, user_id, text) VALUES ($1, $2, $3)
          ON CONFLICT (audit_entry_id) DO NOTHING RETURNING id`,
        [appeal.auditEntryId, appeal.userId, appeal.text],
      ),
    );
    return rows[0]?.id ?? null;
  }

  async existsForAction(manager: EntityManager, auditEntryId: number): Promise<boolean> {
    return manager.existsBy(AppealEntity, { auditEntryId });
  }

  /** The appeals of these admin actions, by audit entry id. */
  async byAuditEntries(manager: EntityManager, entryIds: number[]): Promise<Map<number, AppealEntity>> {
    if (entryIds.length === 0) return new Map();
    const rows = await manager.find(AppealEntity, { where: { auditEntryId: In(entryIds) } });
    return new Map(rows.map((row) => [row.auditEntryId as number, row]));
  }

  /** Appeals for admins, newest first, of one status or all, with what each contests. */
  async adminList(manager: EntityManager, status: string | null): Promise<AdminAppealRow[]> {
    return rowsOf<AdminAppealRow>(
      await manager.query(
        `SELECT ap.id, ap.report_id AS "reportId", ap.audit_entry_id AS "auditEntryId", ap.user_id AS "userId",
            ap.text, ap.status, ap.created_at AS "createdAt", ap.decided_at AS "decidedAt",
            ap.decision_reason AS "decisionReason",
            u.username, u.name, u.profile_picture AS "profilePicture",
            CASE WHEN ap.report_id IS NOT NULL THEN 'report.resolved' ELSE a.action END AS action,
            COALESCE(c.target_type, a.target_type) AS "targetType",
            COALESCE(c.target_id, a.target_id) AS "targetId",
            CASE WHEN ap.report_id IS NOT NULL THEN c.reason ELSE a.reason END AS reason,
            tu.username AS "targetUsername", tu.name AS "targetName",
            rv.rating AS "reviewRating", rv.restaurant_id AS "reviewRestaurantId"
          FROM ${APPEALS} ap
          LEFT JOIN ${USERS} u ON u.id = ap.user_id
          LEFT JOIN ${REPORTS} c ON c.id = ap.report_id
          LEFT JOIN ${AUDIT} a ON a.id = ap.audit_entry_id
          LEFT JOIN ${USERS} tu ON COALESCE(c.target_type, a.target_type) = 'user'
            AND tu.id = COALESCE(c.target_id, a.target_id)
          LEFT JOIN ${REVIEWS} rv ON COALESCE(c.target_type, a.target_type) = 'review'
            AND rv.id = COALESCE(c.target_id, a.target_id)
          WHERE ($1::text IS NULL OR ap.status = $1)
          ORDER BY ap.id DESC`,
        [status],
      ),
    );
  }

  async find(manager: EntityManager, id: number): Promise<AppealEntity | null> {
    return manager.findOneBy(AppealEntity, { id });
  }

  async existsFor(manager: EntityManager, reportId: number): Promise<boolean> {
    return manager.existsBy(AppealEntity, { reportId });
  }

  async lock(manager: EntityManager, id: number): Promise<AppealEntity | null> {
    return manager.findOne(AppealEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async decide(
    manager: EntityManager,
    id: number,
    decision: { status: string; by: number; at: Date; reason: string | null },
  ): Promise<void> {
    await manager.update(
      AppealEntity,
      { id },
      {
        status: decision.status,
        decidedBy: decision.by,
        decidedAt: decision.at,
        decisionReason: decision.reason,
      },
    );
  }

  /** The appeals of these reports, by report id. */
  async byReports(manager: EntityManager, reportIds: number[]): Promise<Map<number, AppealEntity>> {
    if (reportIds.length === 0) return new Map();
    const rows = await manager.find(AppealEntity, { where: { reportId: In(reportIds) } });
    return new Map(rows.map((row) => [row.reportId as number, row]));
  }

  /** A deleted person's appeals, and those of reports about them that go with them. */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(
      `DELETE FROM ${APPEALS} a WHERE a.user_id = $1
         OR a.report_id IN (SELECT id FROM ${REPORTS} WHERE reporter_id = $1 OR content_owner_id = $1)
         OR a.audit_entry_id IN (SELECT id FROM ${AUDIT} WHERE subject_user_id = $1)`,
      [userId],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { rowsOf, schemaTable } from '@dinebuds/database';
import { In, type EntityManager } from 'typeorm';
import { MODERATION_SCHEMA } from '../config.js';
import { AppealEntity } from './appeal.entity.js';

const APPEALS = schemaTable(MODERATION_SCHEMA, 'appeals');
const REPORTS = schemaTable(MODERATION_SCHEMA, 'content_reports');

/** Appeals: one per resolved report, by its content's owner; decided by admins. */
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
    return new Map(rows.map((row) => [row.reportId, row]));
  }

  /** A deleted person's appeals, and those of reports about them that go with them. */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(
      `DELETE FROM ${APPEALS} a WHERE a.user_id = $1
         OR a.report_id IN (SELECT id FROM ${REPORTS} WHERE reporter_id = $1 OR content_owner_id = $1)`,
      [userId],
    );
  }
}

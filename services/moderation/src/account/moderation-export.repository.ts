import { Injectable } from '@nestjs/common';
import type { ModerationExport } from '@dinebuds/contracts';
import { rowsOf, schemaTable } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import { MODERATION_SCHEMA } from '../config.js';

const t = (name: string) => schemaTable(MODERATION_SCHEMA, name);

/** A person's feedback, the reports they filed and their appeals, for the data export. */
@Injectable()
export class ModerationExportRepository {
  async feedback(m: EntityManager, userId: number): Promise<ModerationExport['feedback']> {
    return this.read(
      m,
      `SELECT id AS "feedbackId", type, text, resolved, created_at AS "createdAt"
         FROM ${t('feedback')} WHERE user_id = $1 ORDER BY id`,
      userId,
    );
  }

  async reportsFiled(m: EntityManager, userId: number): Promise<ModerationExport['reportsFiled']> {
    return this.read(
      m,
      `SELECT id AS "reportId", target_type AS "targetType", target_id AS "targetId", reason, status,
              created_at AS "createdAt"
         FROM ${t('content_reports')} WHERE reporter_id = $1 ORDER BY id`,
      userId,
    );
  }

  async appeals(m: EntityManager, userId: number): Promise<ModerationExport['appeals']> {
    return this.read(
      m,
      `SELECT id AS "appealId", report_id AS "reportId", text, status, created_at AS "createdAt"
         FROM ${t('appeals')} WHERE user_id = $1 ORDER BY id`,
      userId,
    );
  }

  /** Rows with their timestamps as ISO text. */
  private async read<T>(m: EntityManager, sql: string, userId: number): Promise<T[]> {
    return rowsOf<Record<string, unknown>>(await m.query(sql, [userId])).map(
      (row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
        ) as T,
    );
  }
}

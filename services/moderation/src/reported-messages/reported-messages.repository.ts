import { Injectable } from '@nestjs/common';
import { insertIfAbsent, rowsOf, schemaTable } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import { MODERATION_SCHEMA } from '../config.js';
import { ReportedMessageEntity } from './reported-message.entity.js';

const REPORTED = schemaTable(MODERATION_SCHEMA, 'reported_messages');
const USERS = schemaTable(MODERATION_SCHEMA, 'users');

export interface ReportedMessageRow {
  messageId: number;
  content: string;
  messageType: string;
  reason: string;
  sentAt: Date;
  reportedAt: Date;
  senderId: number;
  reporterId: number;
  senderUsername: string | null;
  senderName: string | null;
  senderPicture: string | null;
  reporterUsername: string | null;
  reporterName: string | null;
  reporterPicture: string | null;
}

/** The reported-message queue: fed by messaging's events, emptied by admins' dismissals. */
@Injectable()
export class ReportedMessagesRepository {
  /** Stores the report once (a redelivered event changes nothing). */
  async add(
    manager: EntityManager,
    report: Omit<ReportedMessageEntity, 'status' | 'dismissedAt' | 'dismissedBy'>,
  ) {
    await insertIfAbsent(manager, ReportedMessageEntity, { ...report, status: 'pending' });
  }

  /** The waiting reports, newest report first. */
  async pending(
    manager: EntityManager,
    page: { limit: number; offset: number },
  ): Promise<ReportedMessageRow[]> {
    return rowsOf<ReportedMessageRow>(
      await manager.query(
        `SELECT m.message_id AS "messageId", m.content, m.message_type AS "messageType", m.reason,
            m.sent_at AS "sentAt", m.reported_at AS "reportedAt", m.sender_id AS "senderId",
            m.reporter_id AS "reporterId",
            s.username AS "senderUsername", s.name AS "senderName", s.profile_picture AS "senderPicture",
            r.username AS "reporterUsername", r.name AS "reporterName", r.profile_picture AS "reporterPicture"
          FROM ${REPORTED} m
          LEFT JOIN ${USERS} s ON s.id = m.sender_id
          LEFT JOIN ${USERS} r ON r.id = m.reporter_id
          WHERE m.status = 'pending'
          ORDER BY m.reported_at DESC, m.message_id DESC LIMIT $1 OFFSET $2`,
        [page.limit, page.offset],
      ),
    );
  }

  async lock(manager: EntityManager, messageId: number): Promise<ReportedMessageEntity | null> {
    return manager.findOne(ReportedMessageEntity, {
      where: { messageId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async dismiss(manager: EntityManager, messageId: number, by: number, at: Date): Promise<void> {
    await manager.update(
      ReportedMessageEntity,
      { messageId },
      { status: 'dismissed', dismissedBy: by, dismissedAt: at },
    );
  }

  /** A deleted person's reported messages, sent or received (messaging deletes them too). */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${REPORTED} WHERE sender_id = $1 OR reporter_id = $1`, [userId]);
  }
}

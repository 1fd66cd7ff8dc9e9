import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';

export interface ExportMessageRow {
  id: number;
  sender_id: number;
  receiver_id: number;
  other_username: string | null;
  other_name: string | null;
  content: string;
  message_type: string;
  read: boolean;
  created_at: Date;
}

export interface ExportPollRow {
  id: number;
  proposer_id: number;
  receiver_id: number;
  other_username: string | null;
  other_name: string | null;
  options: string[];
  chosen: string | null;
  created_at: Date;
}

/** A person's messages and polls for the data export, with the other person's names when known. */
@Injectable()
export class MessagingExportRepository {
  async messages(m: EntityManager, userId: number): Promise<ExportMessageRow[]> {
    return rowsOf<ExportMessageRow>(
      await m.query(
        `SELECT x.id, x.sender_id, x.receiver_id, u.username AS other_username, u.name AS other_name,
                x.content, x.message_type, x.read, x.created_at
           FROM ${table('messages')} x
           LEFT JOIN ${table('users')} u
             ON u.id = CASE WHEN x.sender_id = $1 THEN x.receiver_id ELSE x.sender_id END
          WHERE x.sender_id = $1 OR x.receiver_id = $1 ORDER BY x.id`,
        [userId],
      ),
    );
  }

  async polls(m: EntityManager, userId: number): Promise<ExportPollRow[]> {
    return rowsOf<ExportPollRow>(
      await m.query(
        `SELECT p.id, p.proposer_id, p.receiver_id, u.username AS other_username, u.name AS other_name,
                COALESCE((SELECT array_agg(o.restaurant_name ORDER BY o.position)
                            FROM ${table('poll_options')} o WHERE o.poll_id = p.id), '{}') AS options,
                (SELECT o.restaurant_name FROM ${table('poll_options')} o WHERE o.id = p.chosen_option_id) AS chosen,
                p.created_at
           FROM ${table('polls')} p
           LEFT JOIN ${table('users')} u
             ON u.id = CASE WHEN p.proposer_id = $1 THEN p.receiver_id ELSE p.proposer_id END
          WHERE p.proposer_id = $1 OR p.receiver_id = $1 ORDER BY p.id`,
        [userId],
      ),
    );
  }
}

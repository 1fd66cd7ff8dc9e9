import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';

const CONVERSATIONS = table('conversations');
const MESSAGES = table('messages');
const USERS = table('users');
const ACCOUNT_STATES = table('account_states');

/** One inbox row as the query answers it. */
export interface InboxRow {
  userId: number;
  username: string;
  name: string;
  profilePicture: string | null;
  unreadCount: number;
  lastMessageId: number;
  lastMessage: string;
  lastMessageType: string;
  lastMessageSenderId: number;
  lastMessageTime: Date;
  deactivated: boolean;
}

/**
 * Each person's conversation rows: the newest message and the unread counter, kept in the
 * transaction of every message and mark-read (under the pair's lock).
 */
@Injectable()
export class ConversationsRepository {
  /** A new message from sender to receiver: both rows point at it, the receiver has one more unread. */
  async recordMessage(
    manager: EntityManager,
    senderId: number,
    receiverId: number,
    messageId: number,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ${CONVERSATIONS} AS c (user_id, other_id, last_message_id, unread_count)
       -- Lower user id first, as the one-statement send: two writers lock the two rows in one order.
       SELECT * FROM (VALUES ($1::int, $2::int, $3::int, 0), ($2::int, $1::int, $3::int, 1)) AS r ORDER BY 1
       ON CONFLICT (user_id, other_id) DO UPDATE SET
         last_message_id = GREATEST(c.last_message_id, EXCLUDED.last_message_id),
         unread_count = c.unread_count + EXCLUDED.unread_count`,
      [senderId, receiverId, messageId],
    );
  }

  /** The reader has read everything the other person sent. */
  async clearUnread(manager: EntityManager, readerId: number, otherId: number): Promise<void> {
    await manager.query(`UPDATE ${CONVERSATIONS} SET unread_count = 0 WHERE user_id = $1 AND other_id = $2`, [
      readerId,
      otherId,
    ]);
  }

  /**
   * Locks `userId`'s row of the conversation (until commit): a send to them meanwhile waits, and
   * counts its message after what the lock holder does. False when there is no such row.
   */
  async lockRow(manager: EntityManager, userId: number, otherId: number): Promise<boolean> {
    const rows = rowsOf<{ found: number }>(
      await manager.query(
        `SELECT 1 AS found FROM ${CONVERSATIONS} WHERE user_id = $1 AND other_id = $2 FOR UPDATE`,
        [userId, otherId],
      ),
    );
    return rows.length > 0;
  }

  async exists(manager: EntityManager, userId: number, otherId: number): Promise<boolean> {
    const rows = rowsOf<{ found: boolean }>(
      await manager.query(
        `SELECT EXISTS (SELECT 1 FROM ${CONVERSATIONS} WHERE user_id = $1 AND other_id = $2) AS found`,
        [userId, otherId],
      ),
    );
    return rows[0]?.found === true;
  }

  /** Every conversation row a deleted user was part of, both sides. */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${CONVERSATIONS} WHERE user_id = $1 OR other_id = $1`, [userId]);
  }

  /** Unread messages of every conversation of the user. */
  async unreadTotal(manager: EntityManager, userId: number): Promise<number> {
    const rows = rowsOf<{ total: string | null }>(
      await manager.query(`SELECT sum(unread_count) AS total FROM ${CONVERSATIONS} WHERE user_id = $1`, [
        userId,
      ]),
    );
    return Number(rows[0]?.total ?? 0);
  }

  /**
   * The inbox: one row per other person, newest conversation first, with the last message and the
   * other person's profile. One statement, read through conversations_inbox_idx.
   */
  async inbox(
    manager: EntityManager,
    userId: number,
    page: { limit: number; offset: number; before: number | null },
  ): Promise<InboxRow[]> {
    return rowsOf<InboxRow>(
      await manager.query(
        `SELECT c.other_id AS "userId", u.username, u.name, u.profile_picture AS "profilePicture",
                c.unread_count AS "unreadCount", m.id AS "lastMessageId", m.content AS "lastMessage",
                m.message_type AS "lastMessageType", m.sender_id AS "lastMessageSenderId",
                m.created_at AS "lastMessageTime", COALESCE(s.deactivated, false) AS deactivated
         FROM ${CONVERSATIONS} c
         JOIN ${MESSAGES} m ON m.id = c.last_message_id
         JOIN ${USERS} u ON u.id = c.other_id
         LEFT JOIN ${ACCOUNT_STATES} s ON s.user_id = c.other_id
         WHERE c.user_id = $1 AND ($4::int IS NULL OR c.last_message_id < $4::int)
         ORDER BY c.last_message_id DESC
         LIMIT $2 OFFSET $3`,
        [userId, page.limit, page.offset, page.before],
      ),
    );
  }
}

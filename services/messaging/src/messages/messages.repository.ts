import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';
import type { MessageRow } from './message.mapper.js';
import type { PlannedMessage } from './message.policy.js';
import { MessageEntity } from './message.entity.js';

const MESSAGES = table('messages');
const USERS = table('users');

/** A message and its sender's projection, as every read answers it. */
export const MESSAGE_COLUMNS = `m.id, m.sender_id AS "senderId", m.receiver_id AS "receiverId", m.content,
  m.message_type AS "messageType", m.restaurant_id AS "restaurantId", m.restaurant_name AS "restaurantName",
  m.poll_id AS "pollId", m.read, m.reported, m.report_reason AS "reportReason", m.created_at AS "createdAt",
  u.username AS "senderUsername", u.name AS "senderName", u.profile_picture AS "senderPicture"`;

export interface NewMessage extends PlannedMessage {
  senderId: number;
  receiverId: number;
  pollId: number | null;
  clientMessageId: string | null;
}

/** Messages: written by sends and polls, read a conversation page at a time. */
@Injectable()
export class MessagesRepository {
  /** Stores a message; answers its id. */
  async insert(manager: EntityManager, message: NewMessage): Promise<number> {
    const result = await manager.insert(MessageEntity, {
      senderId: message.senderId,
      receiverId: message.receiverId,
      content: message.content,
      messageType: message.messageType,
      restaurantId: message.restaurantId,
      restaurantName: message.restaurantName,
      pollId: message.pollId,
      clientMessageId: message.clientMessageId,
    });
    return (result.identifiers[0] as { id: number }).id;
  }

  /** The message a sender stored with this idempotency key (its id and receiver), if any. */
  async bySenderKey(
    manager: EntityManager,
    senderId: number,
    clientMessageId: string,
  ): Promise<{ id: number; receiverId: number } | null> {
    return manager.findOne(MessageEntity, {
      select: { id: true, receiverId: true },
      where: { senderId, clientMessageId },
    });
  }

  /** Whether an insert failed on the (sender, clientMessageId) unique index. */
  isClientKeyConflict(error: unknown): boolean {
    const { code, constraint } = error as { code?: string; constraint?: string };
    return code === '23505' && (constraint === undefined || constraint === 'messages_client_message_idx');
  }

  async find(manager: EntityManager, id: number): Promise<MessageEntity | null> {
    return manager.findOneBy(MessageEntity, { id });
  }

  /** One message with its sender's name and avatar. */
  async row(manager: EntityManager, id: number): Promise<MessageRow | null> {
    const rows = rowsOf<MessageRow>(
      await manager.query(
        `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGES} m LEFT JOIN ${USERS} u ON u.id = m.sender_id WHERE m.id = $1`,
        [id],
      ),
    );
    return rows[0] ?? null;
  }

  /**
   * The newest `limit` messages between a and b (before `beforeId` when given), oldest first, read
   * through the pair index.
   */
  async conversation(
    manager: EntityManager,
    a: number,
    b: number,
    page: { limit: number; beforeId?: number },
  ): Promise<MessageRow[]> {
    const rows = rowsOf<MessageRow>(
      await manager.query(
        `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGES} m LEFT JOIN ${USERS} u ON u.id = m.sender_id
         WHERE LEAST(m.sender_id, m.receiver_id) = LEAST($1::int, $2::int)
           AND GREATEST(m.sender_id, m.receiver_id) = GREATEST($1::int, $2::int)
           AND ($4::int IS NULL OR m.id < $4::int)
         ORDER BY LEAST(m.sender_id, m.receiver_id), GREATEST(m.sender_id, m.receiver_id), m.id DESC
         LIMIT $3`,
        [a, b, page.limit, page.beforeId ?? null],
      ),
    );
    return rows.reverse();
  }

  /** Messages to or from `userId` after `afterId`, oldest first, at most `limit`. */
  async since(manager: EntityManager, userId: number, afterId: number, limit: number): Promise<MessageRow[]> {
    return rowsOf<MessageRow>(
      await manager.query(
        `SELECT ${MESSAGE_COLUMNS} FROM (
           (SELECT * FROM ${MESSAGES} WHERE receiver_id = $1 AND id > $2 ORDER BY id LIMIT $3)
           UNION ALL
           (SELECT * FROM ${MESSAGES} WHERE sender_id = $1 AND id > $2 ORDER BY id LIMIT $3)
         ) m LEFT JOIN ${USERS} u ON u.id = m.sender_id
         ORDER BY m.id LIMIT $3`,
        [userId, afterId, limit],
      ),
    );
  }

  /** Marks what `senderId` sent `readerId` read; answers how many, and the newest of them. */
  async markRead(
    manager: EntityManager,
    readerId: number,
    senderId: number,
    at: Date,
  ): Promise<{ count: number; upToMessageId: number | null }> {
    const rows = rowsOf<{ count: string; upTo: number | null }>(
      await manager.query(
        `WITH marked AS (
           UPDATE ${MESSAGES} SET read = true, read_at = $3
           WHERE receiver_id = $1 AND sender_id = $2 AND NOT read
           RETURNING id)
         SELECT count(*) AS count, max(id) AS "upTo" FROM marked`,
        [readerId, senderId, at],
      ),
    );
    return { count: Number(rows[0]?.count ?? 0), upToMessageId: rows[0]?.upTo ?? null };
  }

  async markReported(manager: EntityManager, id: number, reason: string, at: Date): Promise<void> {
    await manager.update(MessageEntity, { id }, { reported: true, reportReason: reason, reportedAt: at });
  }

  /** A deleted user's messages, both ways. */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${MESSAGES} WHERE sender_id = $1 OR receiver_id = $1`, [userId]);
  }
}

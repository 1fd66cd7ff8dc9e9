import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@dinebuds/database';
import type { OutboxStatementEvent } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { eitherSideAfter, newestIdEitherSide, rowsOf, table } from '../common/sql.js';
import { SENT_MESSAGE_SELECT } from './message-events.js';
import type { MessageRow } from './message.mapper.js';
import type { PlannedMessage } from './message.policy.js';
import { MessageEntity } from './message.entity.js';

const MESSAGES = table('messages');
const USERS = table('users');
const CONVERSATIONS = table('conversations');
const BLOCKS = table('blocks');
const ACCOUNT_STATES = table('account_states');
/** A person's messages are those they received or sent. */
const PERSON_SIDES = ['receiver_id', 'sender_id'] as const;

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

/**
 * What the one-statement send decided: 'sent' (row is the new message), 'retry' (the sender's
 * key was used before for this receiver: priorId is that message), 'key-reused' (for another
 * receiver), 'unknown-user', 'deactivated' (the receiver's account) or 'blocked' (either way).
 */
export type SendOutcome = 'sent' | 'retry' | 'key-reused' | 'unknown-user' | 'deactivated' | 'blocked';

export interface SendResult {
  outcome: SendOutcome;
  priorId: number | null;
  row: MessageRow | null;
}

/** Messages: written by sends and polls, read a conversation page at a time. */
@Injectable()
export class MessagesRepository {
  /**
   * A send in one statement, outside a transaction (it commits alone): the retry key, both
   * people known, the receiver not deactivated and no block either way are checked, then the
   * message, both conversation rows and its messaging.message.sent (`sent`) are written, and the
   * message is answered with its sender's profile. No lock: the counters are row-level upserts,
   * and two sends with one key meet the unique index (23505: the caller reads the first one).
   */
  async sendChecked(
    manager: EntityManager,
    message: NewMessage,
    sent: OutboxStatementEvent,
  ): Promise<SendResult> {
    const event = sent.insertFrom('e', 9);
    const rows = await preparedQuery<{ outcome: SendOutcome; priorId: number | null } & MessageRow>(
      manager,
      'messaging_send_checked',
      `WITH prior AS (
           SELECT id, receiver_id FROM ${MESSAGES}
           WHERE $8::text IS NOT NULL AND sender_id = $1 AND client_message_id = $8::text
         ), verdict AS (
           SELECT CASE
             WHEN EXISTS (SELECT 1 FROM prior WHERE receiver_id = $2) THEN 'retry'
             WHEN EXISTS (SELECT 1 FROM prior) THEN 'key-reused'
             WHEN (SELECT count(*) FROM ${USERS} WHERE id IN ($1, $2)) < 2 THEN 'unknown-user'
             WHEN EXISTS (SELECT 1 FROM ${ACCOUNT_STATES} WHERE user_id = $2 AND deactivated) THEN 'deactivated'
             WHEN EXISTS (SELECT 1 FROM ${BLOCKS}
                          WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1))
               THEN 'blocked'
             ELSE 'sent' END AS outcome
         ), m AS (
           INSERT INTO ${MESSAGES}
             (sender_id, receiver_id, content, message_type, restaurant_id, restaurant_name, poll_id, client_message_id)
           SELECT $1::int, $2::int, $3::text, $4::text, $5::int, $6::text, $7::int, $8::text FROM verdict
           WHERE outcome = 'sent'
           RETURNING *
         ), c AS (
           INSERT INTO ${CONVERSATIONS} AS c (user_id, other_id, last_message_id, unread_count)
           -- Lower user id first: two people writing to each other lock the two rows in one order.
           SELECT r.* FROM m, LATERAL (VALUES ($1::int, $2::int, m.id, 0), ($2::int, $1::int, m.id, 1)) AS r
           ORDER BY 1
           ON CONFLICT (user_id, other_id) DO UPDATE SET
             last_message_id = GREATEST(c.last_message_id, EXCLUDED.last_message_id),
             unread_count = c.unread_count + EXCLUDED.unread_count
         ), e AS (SELECT ${SENT_MESSAGE_SELECT} FROM m
         ), event AS (${event.sql}
         )
         SELECT v.outcome, (SELECT id FROM prior) AS "priorId", ${MESSAGE_COLUMNS}
         FROM verdict v LEFT JOIN m ON true LEFT JOIN ${USERS} u ON u.id = m.sender_id`,
      [
        message.senderId,
        message.receiverId,
        message.content,
        message.messageType,
        message.restaurantId,
        message.restaurantName,
        message.pollId,
        message.clientMessageId,
        ...event.params,
      ],
    );
    const [first] = rows;
    return {
      outcome: first.outcome,
      priorId: first.priorId,
      row: first.outcome === 'sent' ? first : null,
    };
  }

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
        `SELECT ${MESSAGE_COLUMNS} FROM ${eitherSideAfter(MESSAGES, PERSON_SIDES)} m
         LEFT JOIN ${USERS} u ON u.id = m.sender_id
         ORDER BY m.id LIMIT $3`,
        [userId, afterId, limit],
      ),
    );
  }

  /** The newest message id to or from `userId` (0: none). */
  async newestId(manager: EntityManager, userId: number): Promise<number> {
    return newestIdEitherSide(manager, MESSAGES, PERSON_SIDES, userId);
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

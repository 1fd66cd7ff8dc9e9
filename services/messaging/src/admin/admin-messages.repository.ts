import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';
import type { MessageRow } from '../messages/message.mapper.js';
import { MessageEntity } from '../messages/message.entity.js';
import { MESSAGE_COLUMNS } from '../messages/messages.repository.js';

const MESSAGES = table('messages');
const USERS = table('users');

/** Admins' reads of any conversation, and the clearing of a dismissed report. */
@Injectable()
export class AdminMessagesRepository {
  async find(manager: EntityManager, id: number): Promise<MessageEntity | null> {
    return manager.findOneBy(MessageEntity, { id });
  }

  /**
   * Up to `around` messages of the same pair before the message and after it, and the message
   * itself, oldest first (by id: the order they were stored in).
   */
  async around(
    manager: EntityManager,
    message: { id: number; senderId: number; receiverId: number },
    around: number,
  ): Promise<MessageRow[]> {
    const pair = `LEAST(m.sender_id, m.receiver_id) = LEAST($1::integer, $2::integer)
      AND GREATEST(m.sender_id, m.receiver_id) = GREATEST($1::integer, $2::integer)`;
    return rowsOf<MessageRow>(
      await manager.query(
        `SELECT * FROM (
           (SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGES} m LEFT JOIN ${USERS} u ON u.id = m.sender_id
             WHERE ${pair} AND m.id <= $3 ORDER BY m.id DESC LIMIT $4 + 1)
           UNION ALL
           (SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGES} m LEFT JOIN ${USERS} u ON u.id = m.sender_id
             WHERE ${pair} AND m.id > $3 ORDER BY m.id ASC LIMIT $4)
         ) around ORDER BY id ASC`,
        [message.senderId, message.receiverId, message.id, around],
      ),
    );
  }

  /** A dismissed report: the message reads as not reported again. */
  async clearReport(manager: EntityManager, id: number): Promise<void> {
    await manager.update(MessageEntity, { id }, { reported: false, reportReason: null, reportedAt: null });
  }
}

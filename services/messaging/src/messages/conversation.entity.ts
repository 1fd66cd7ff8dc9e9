import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MESSAGING_SCHEMA } from '../config.js';

/**
 * One person's side of a conversation: its newest message and how many of the other person's
 * messages they have not read. Written in the same transaction as each message and mark-read,
 * so the inbox and the unread count are reads of this table, never a scan of messages.
 */
@Entity({ schema: MESSAGING_SCHEMA, name: 'conversations' })
export class ConversationEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'conversations_pkey' })
  userId: number;

  @PrimaryColumn({ name: 'other_id', type: 'integer', primaryKeyConstraintName: 'conversations_pkey' })
  otherId: number;

  @Column({ name: 'last_message_id', type: 'integer' })
  lastMessageId: number;

  @Column({ name: 'unread_count', type: 'integer', default: 0 })
  unreadCount: number;
}

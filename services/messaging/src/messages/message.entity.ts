import { Check, Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { MESSAGING_SCHEMA } from '../config.js';

/**
 * One message between two people. Its indexes (the pair newest first on LEAST/GREATEST of the
 * ids, the unread ones, the client key) are the migration's: TypeORM cannot say expressions,
 * `DESC` or partial indexes.
 */
@Entity({ schema: MESSAGING_SCHEMA, name: 'messages' })
@Check('messages_participants_check', `"sender_id" <> "receiver_id"`)
export class MessageEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'messages_pkey' })
  id: number;

  @Column({ name: 'sender_id', type: 'integer' })
  senderId: number;

  @Column({ name: 'receiver_id', type: 'integer' })
  receiverId: number;

  @Column({ type: 'text' })
  content: string;

  @Column({ name: 'message_type', type: 'varchar', length: 50, default: 'text' })
  messageType: string;

  @Column({ name: 'restaurant_id', type: 'integer', nullable: true })
  restaurantId: number | null;

  @Column({ name: 'restaurant_name', type: 'text', nullable: true })
  restaurantName: string | null;

  @Column({ name: 'poll_id', type: 'integer', nullable: true })
  pollId: number | null;

  @Column({ type: 'boolean', default: false })
  read: boolean;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;

  @Column({ type: 'boolean', default: false })
  reported: boolean;

  @Column({ name: 'report_reason', type: 'text', nullable: true })
  reportReason: string | null;

  @Column({ name: 'reported_at', type: 'timestamptz', nullable: true })
  reportedAt: Date | null;

  /** The sender's idempotency key (unique per sender when set). */
  @Column({ name: 'client_message_id', type: 'text', nullable: true })
  clientMessageId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

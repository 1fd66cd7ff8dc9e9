import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { MODERATION_SCHEMA } from '../config.js';

/**
 * A message its receiver reported (messaging.message.reported), waiting for an admin until
 * dismissed. Keyed by messaging's message id: a redelivered event stores nothing new.
 */
@Entity({ schema: MODERATION_SCHEMA, name: 'reported_messages' })
@Index('reported_messages_status_idx', ['status', 'reportedAt'])
@Index('reported_messages_sender_idx', ['senderId'])
@Index('reported_messages_reporter_idx', ['reporterId'])
export class ReportedMessageEntity {
  @PrimaryColumn({ name: 'message_id', type: 'integer', primaryKeyConstraintName: 'reported_messages_pkey' })
  messageId: number;

  @Column({ name: 'sender_id', type: 'integer' })
  senderId: number;

  /** The receiver, who reported it. */
  @Column({ name: 'reporter_id', type: 'integer' })
  reporterId: number;

  @Column({ type: 'text' })
  content: string;

  @Column({ name: 'message_type', type: 'text' })
  messageType: string;

  @Column({ type: 'text' })
  reason: string;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;

  @Column({ name: 'reported_at', type: 'timestamptz' })
  reportedAt: Date;

  /** 'pending' or 'dismissed'. */
  @Column({ type: 'text', default: 'pending' })
  status: string;

  @Column({ name: 'dismissed_at', type: 'timestamptz', nullable: true })
  dismissedAt: Date | null;

  @Column({ name: 'dismissed_by', type: 'integer', nullable: true })
  dismissedBy: number | null;
}

import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { MODERATION_SCHEMA } from '../config.js';

/** Feedback a signed-in person sent (spec 1: type up to 20 characters, text, resolved). */
@Entity({ schema: MODERATION_SCHEMA, name: 'feedback' })
@Index('feedback_user_idx', ['userId'])
export class FeedbackEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'feedback_pkey' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 20 })
  type: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ type: 'boolean', default: false })
  resolved: boolean;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  /** The admin who resolved it. */
  @Column({ name: 'resolved_by', type: 'integer', nullable: true })
  resolvedBy: number | null;
}

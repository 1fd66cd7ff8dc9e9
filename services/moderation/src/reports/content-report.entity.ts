import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { MODERATION_SCHEMA } from '../config.js';

/** A person's report of a review or of another person, and the admin's decision on it. */
@Entity({ schema: MODERATION_SCHEMA, name: 'content_reports' })
@Index('content_reports_once_idx', ['reporterId', 'targetType', 'targetId'], { unique: true })
@Index('content_reports_status_idx', ['status', 'id'])
@Index('content_reports_owner_idx', ['contentOwnerId'])
export class ContentReportEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'content_reports_pkey' })
  id: number;

  /** 'review' or 'user'. */
  @Column({ name: 'target_type', type: 'text' })
  targetType: string;

  @Column({ name: 'target_id', type: 'integer' })
  targetId: number;

  /** The reported person, or the review's author. */
  @Column({ name: 'content_owner_id', type: 'integer', nullable: true })
  contentOwnerId: number | null;

  @Column({ name: 'reporter_id', type: 'integer' })
  reporterId: number;

  @Column({ type: 'text' })
  reason: string;

  /** 'pending', 'resolved' or 'dismissed'. */
  @Column({ type: 'text', default: 'pending' })
  status: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @Column({ name: 'decided_by', type: 'integer', nullable: true })
  decidedBy: number | null;

  @Column({ name: 'decision_reason', type: 'text', nullable: true })
  decisionReason: string | null;
}

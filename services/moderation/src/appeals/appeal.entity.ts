import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { MODERATION_SCHEMA } from '../config.js';

/**
 * A content owner's appeal of a decision about their content (a resolved report, or an admin action
 * such as a removed review), and its outcome.
 */
@Entity({ schema: MODERATION_SCHEMA, name: 'appeals' })
@Index('appeals_report_idx', ['reportId'], { unique: true })
@Index('appeals_audit_entry_idx', ['auditEntryId'], { unique: true })
@Check('appeals_one_decision_check', `("report_id" IS NULL) <> ("audit_entry_id" IS NULL)`)
@Index('appeals_user_idx', ['userId'])
export class AppealEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'appeals_pkey' })
  id: number;

  /** The decided report (one appeal each), or null for an admin action's appeal. */
  @Column({ name: 'report_id', type: 'integer', nullable: true })
  reportId: number | null;

  /** The admin action (audit log entry) appealed (one appeal each), or null for a report's. */
  @Column({ name: 'audit_entry_id', type: 'integer', nullable: true })
  auditEntryId: number | null;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'text' })
  text: string;

  /** 'pending', 'upheld' or 'overturned'. */
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

import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { MODERATION_SCHEMA } from '../config.js';

/** One admin action: who (actor) did what (action on target) to whom (subject), when and why. */
@Entity({ schema: MODERATION_SCHEMA, name: 'audit_log' })
@Index('audit_log_action_idx', ['actionId'], { unique: true })
@Index('audit_log_subject_idx', ['subjectUserId'])
export class AuditEntryEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'audit_log_pkey' })
  id: number;

  @Column({ name: 'actor_id', type: 'integer' })
  actorId: number;

  @Column({ type: 'text' })
  action: string;

  @Column({ name: 'target_type', type: 'text' })
  targetType: string;

  @Column({ name: 'target_id', type: 'integer' })
  targetId: number;

  @Column({ name: 'subject_user_id', type: 'integer', nullable: true })
  subjectUserId: number | null;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  /** The producer's id of an action recorded from another service ('admin.action.recorded'): once each. */
  @Column({ name: 'action_id', type: 'uuid', nullable: true })
  actionId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

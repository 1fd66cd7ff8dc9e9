import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { MODERATION_SCHEMA } from '../config.js';

/** A content owner's appeal of a resolved report about their content, and its outcome. */
@Entity({ schema: MODERATION_SCHEMA, name: 'appeals' })
@Index('appeals_report_idx', ['reportId'], { unique: true })
@Index('appeals_user_idx', ['userId'])
export class AppealEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'appeals_pkey' })
  id: number;

  /** The decided report (one appeal each). */
  @Column({ name: 'report_id', type: 'integer' })
  reportId: number;

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

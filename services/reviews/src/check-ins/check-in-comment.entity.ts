import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CheckInEntity } from '../activity/check-in.entity.js';
import { REVIEWS_SCHEMA } from '../config.js';

/** A comment on a check-in; the (check_in_id, id) index is the migration's. */
@Entity({ schema: REVIEWS_SCHEMA, name: 'check_in_comments' })
export class CheckInCommentEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'check_in_comments_pkey' })
  id: number;

  @Column({ name: 'check_in_id', type: 'integer' })
  checkInId: number;

  @ManyToOne(() => CheckInEntity, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'check_in_id', foreignKeyConstraintName: 'check_in_comments_check_in_id_fkey' })
  checkIn?: Relation<CheckInEntity>;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 500 })
  text: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

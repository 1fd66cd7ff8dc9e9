import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { CheckInEntity } from '../activity/check-in.entity.js';
import { REVIEWS_SCHEMA } from '../config.js';

/** A person's like of a check-in (at most one: the primary key). */
@Entity({ schema: REVIEWS_SCHEMA, name: 'check_in_likes' })
export class CheckInLikeEntity {
  @PrimaryColumn({ name: 'check_in_id', type: 'integer', primaryKeyConstraintName: 'check_in_likes_pkey' })
  checkInId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'check_in_likes_pkey' })
  userId: number;

  @ManyToOne(() => CheckInEntity, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'check_in_id', foreignKeyConstraintName: 'check_in_likes_check_in_id_fkey' })
  checkIn?: Relation<CheckInEntity>;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

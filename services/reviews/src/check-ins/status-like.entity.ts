import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { REVIEWS_SCHEMA } from '../config.js';
import { StatusEntity } from './status.entity.js';

/** A person's like of a status (at most one: the primary key). */
@Entity({ schema: REVIEWS_SCHEMA, name: 'status_likes' })
export class StatusLikeEntity {
  @PrimaryColumn({ name: 'status_id', type: 'integer', primaryKeyConstraintName: 'status_likes_pkey' })
  statusId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'status_likes_pkey' })
  userId: number;

  @ManyToOne(() => StatusEntity, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'status_id', foreignKeyConstraintName: 'status_likes_status_id_fkey' })
  status?: Relation<StatusEntity>;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

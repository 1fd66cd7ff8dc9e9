import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { REVIEWS_SCHEMA } from '../config.js';
import { StatusEntity } from './status.entity.js';

/** A comment on a status; the (status_id, id) and user_id indexes are the migration's. */
@Entity({ schema: REVIEWS_SCHEMA, name: 'status_comments' })
export class StatusCommentEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'status_comments_pkey' })
  id: number;

  @Column({ name: 'status_id', type: 'integer' })
  statusId: number;

  @ManyToOne(() => StatusEntity, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'status_id', foreignKeyConstraintName: 'status_comments_status_id_fkey' })
  status?: Relation<StatusEntity>;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 500 })
  text: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

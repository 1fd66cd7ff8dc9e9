import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { REVIEWS_SCHEMA } from '../config.js';

/** A status line posted without a check-in; the (user_id, created_at, id) index is the migration's. */
@Entity({ schema: REVIEWS_SCHEMA, name: 'statuses' })
export class StatusEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'statuses_pkey' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 140 })
  text: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

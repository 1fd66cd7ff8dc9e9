import { Column, Entity, PrimaryColumn } from 'typeorm';
import { REVIEWS_SCHEMA } from '../../config.js';

/** A tombstone of a deleted identity user: late events about them change nothing. */
@Entity({ schema: REVIEWS_SCHEMA, name: 'deleted_users' })
export class DeletedUserEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'deleted_users_pkey' })
  userId: number;

  @Column({ name: 'deleted_at', type: 'timestamptz' })
  deletedAt: Date;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MESSAGING_SCHEMA } from '../../config.js';

/** Tombstone of a deleted identity user: later events about them are ignored. */
@Entity({ schema: MESSAGING_SCHEMA, name: 'deleted_users' })
export class DeletedUserEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'deleted_users_pkey' })
  userId: number;

  @Column({ name: 'deleted_at', type: 'timestamptz', default: () => 'now()' })
  deletedAt: Date;
}

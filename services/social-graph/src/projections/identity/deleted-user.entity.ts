import { Column, Entity, PrimaryColumn } from 'typeorm';
import { SOCIAL_SCHEMA } from '../../config.js';

/** Tombstone of a deleted identity user: later events about it are ignored. */
@Entity({ schema: SOCIAL_SCHEMA, name: 'deleted_users' })
export class DeletedUserEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'deleted_at', type: 'timestamptz', default: () => 'now()' })
  deletedAt: Date;
}

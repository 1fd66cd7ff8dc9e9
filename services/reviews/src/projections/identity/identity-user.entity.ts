import { Column, Entity, PrimaryColumn } from 'typeorm';
import { REVIEWS_SCHEMA } from '../../config.js';

/** reviews' projection of an identity user: what reviewer lists and the privacy rule read. */
@Entity({ schema: REVIEWS_SCHEMA, name: 'users' })
export class IdentityUserEntity {
  /** Identity's user id (not generated here). */
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'users_pkey' })
  id: number;

  @Column({ type: 'text' })
  username: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'profile_picture', type: 'text', nullable: true })
  profilePicture: string | null;

  @Column({ name: 'is_private', type: 'boolean', default: false })
  isPrivate: boolean;

  /** identity's user version of the profile held; null from an unversioned event. */
  @Column({ type: 'integer', nullable: true })
  version: number | null;

  /** occurredAt of the event the profile comes from. */
  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt: Date;
}

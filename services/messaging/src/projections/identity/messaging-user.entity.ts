import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MESSAGING_SCHEMA } from '../../config.js';

/**
 * Messaging's projection of an identity user: who exists (a message needs a known receiver) and
 * what a conversation shows of them. Written only by the identity event consumer.
 */
@Entity({ schema: MESSAGING_SCHEMA, name: 'users' })
export class MessagingUserEntity {
  /** Identity's user id (not generated here). */
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'users_pkey' })
  id: number;

  @Column({ type: 'text' })
  username: string;

  @Column({ type: 'text' })
  name: string;

  /** The public picture URL identity publishes, e.g. /api/users/7/profile-picture?v=2. */
  @Column({ name: 'profile_picture', type: 'text', nullable: true })
  profilePicture: string | null;

  /** identity's user version of the profile held; null from an unversioned event. */
  @Column({ type: 'integer', nullable: true })
  version: number | null;

  /** occurredAt of the event the profile comes from. */
  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt: Date;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { SOCIAL_SCHEMA } from '../../config.js';

/**
 * Social-graph's projection of an identity user: only what follow lists, privacy rules and
 * recommendations need. Written only by the identity event consumer.
 */
@Entity({ schema: SOCIAL_SCHEMA, name: 'users' })
export class SocialUserEntity {
  /** Identity's user id (not generated here). */
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'text' })
  username: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  bio: string | null;

  /** The public picture URL identity publishes, e.g. /api/users/7/profile-picture?v=2. */
  @Column({ name: 'profile_picture', type: 'text', nullable: true })
  profilePicture: string | null;

  @Column({ name: 'is_private', type: 'boolean', default: false })
  isPrivate: boolean;

  /** Flavor badge ids, e.g. ['sushi', 'vegan']. */
  @Column({ name: 'flavor_badges', type: 'text', array: true, default: () => `'{}'` })
  flavorBadges: string[];

  /** City keys, lower-case, e.g. ['new york']. */
  @Column({ name: 'city_badges', type: 'text', array: true, default: () => `'{}'` })
  cityBadges: string[];

  @Column({ name: 'joined_at', type: 'timestamptz', nullable: true })
  joinedAt: Date | null;

  /** occurredAt of the identity event the profile fields come from (older events are ignored). */
  @Column({ name: 'profile_synced_at', type: 'timestamptz' })
  profileSyncedAt: Date;

  /** occurredAt of the event the badges come from; null until one carried badges. */
  @Column({ name: 'badges_synced_at', type: 'timestamptz', nullable: true })
  badgesSyncedAt: Date | null;

  /** identity's user version the profile fields come from; null from an unversioned event. */
  @Column({ name: 'profile_version', type: 'integer', nullable: true })
  profileVersion: number | null;

  /** identity's user version the badges come from; null until a versioned event carried badges. */
  @Column({ name: 'badges_version', type: 'integer', nullable: true })
  badgesVersion: number | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}

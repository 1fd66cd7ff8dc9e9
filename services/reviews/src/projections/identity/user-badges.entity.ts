import { Column, Entity, PrimaryColumn } from 'typeorm';
import { REVIEWS_SCHEMA } from '../../config.js';

/**
 * An identity user's flavor badges, read by a restaurant's mood tags, with their own version:
 * badge and profile changes share identity's user version, each applied over an older one of its kind.
 */
@Entity({ schema: REVIEWS_SCHEMA, name: 'user_badges' })
export class UserBadgesEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'user_badges_pkey' })
  userId: number;

  /** Flavor badge ids, e.g. ['sushi', 'vegan']. */
  @Column({ name: 'flavor_badges', type: 'text', array: true, default: () => `'{}'` })
  flavorBadges: string[];

  /** City badges as city keys, e.g. ['chicago', 'new york'] (recommendations). */
  @Column({ name: 'city_badges', type: 'text', array: true, default: () => `'{}'` })
  cityBadges: string[];

  @Column({ type: 'integer', nullable: true })
  version: number | null;

  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt: Date;
}

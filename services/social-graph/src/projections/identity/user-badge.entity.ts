import { Entity, PrimaryColumn } from 'typeorm';
import { SOCIAL_SCHEMA } from '../../config.js';

/**
 * One badge of one user (the badge -> holders index recommendations read in primary-key order),
 * rewritten with the user's badges in social.users; goes with the user (ON DELETE CASCADE).
 */
@Entity({ schema: SOCIAL_SCHEMA, name: 'user_badges' })
export class UserBadgeEntity {
  @PrimaryColumn({ type: 'text' })
  kind: 'flavor' | 'city';

  /** A flavor badge id or a city key, as in social.users' arrays. */
  @PrimaryColumn({ type: 'text' })
  name: string;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;
}
